import { PageHeading } from '@/components/ui/page-heading.tsx';

export function ComingSoonPage({ title }: { title: string }) {
  return <PageHeading title={title} description="This page is on its way. Check back soon, cher." />;
}
