import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { Clock } from '../shared/ports.ts';
import type { DashboardFigures } from './ports.ts';
import { ShowDashboardCharts } from './use-cases/show-dashboard-charts.ts';

export interface DashboardPorts {
  figures: DashboardFigures;
}

/** The admin dashboard's charts, summed by the store from the purchases, memberships and applications. */
export function createDashboardModule(p: DashboardPorts, shared: { catalogue: Catalogue; clock: Clock }) {
  return {
    charts: new ShowDashboardCharts(p.figures, shared.catalogue, shared.clock),
  };
}
