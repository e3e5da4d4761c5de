import { createContext, type ReactNode, useContext } from 'react';
import type { Kind } from '../api/interviews.ts';
import { InterviewPanel } from './interview-panel.tsx';

const Scope = createContext<{ kind: Kind; applicationId: string } | null>(null);

/** Names the application whose review is shown below it (its detail, or its dialog through the portal). */
export function InterviewScope({
  kind,
  applicationId,
  children,
}: {
  kind: Kind;
  applicationId: string;
  children: ReactNode;
}) {
  return <Scope.Provider value={{ kind, applicationId }}>{children}</Scope.Provider>;
}

/** The interview panel of the application in scope; nothing where no application is named (a dialog on its own). */
export function ScopedInterviewPanel() {
  const scope = useContext(Scope);
  return scope ? <InterviewPanel kind={scope.kind} applicationId={scope.applicationId} /> : null;
}
