import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { Clock } from '../shared/ports.ts';
import type { DashboardFigures } from './ports.ts';
import { ShowDashboardCharts } from './use-cases/show-dashboard-charts.ts';
import { ShowReviewerFigures } from './use-cases/show-reviewer-figures.ts';

export interface DashboardPorts {
  figures: DashboardFigures;
}

/** The admin dashboard's charts and reviewer figures, summed by the store from the purchases, memberships, applications and votes. */
export function createDashboardModule(p: DashboardPorts, shared: { catalogue: Catalogue; clock: Clock }) {
  return {
    charts: new ShowDashboardCharts(p.figures, shared.catalogue, shared.clock),
    reviewers: new ShowReviewerFigures(p.figures, shared.clock),
  };
}
