import { Link } from 'react-router-dom';
import { pagePath } from '@contract/pages.ts';
import { paths } from '@/config/paths.ts';

/** A player's name as a link to their player page (the whole timeline of their account), for staff screens. */
export function PlayerLink({ userId, name }: { userId: string; name: string }) {
  return (
    <Link
      to={pagePath(paths.adminPlayer, { id: userId })}
      className="font-semibold text-moss-300 underline-offset-2 [overflow-wrap:anywhere] hover:underline"
    >
      {name}
    </Link>
  );
}
