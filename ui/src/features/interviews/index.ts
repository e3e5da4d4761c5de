/** What other features may use of this one; everything else here is its own. */
export { InterviewScope, ScopedInterviewPanel } from './components/interview-scope.tsx';
export { MyInterviewsSection } from './components/my-interviews-section.tsx';
