import { useState } from 'react';
import type { ApiTokenDto } from '@contract/api-tokens.ts';
import { AdminList, AdminPage } from '@/components/ui/admin-page.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { formatRelativeTime } from '@/lib/format.ts';
import { useApiTokens } from '../api/api-tokens.ts';
import { ApiTokenForm } from './api-token-form.tsx';
import { RevokeDialog } from './revoke-dialog.tsx';

const COLUMNS = ['Name', 'Scopes', 'Created by', 'Created', 'Last used', 'Revoked', 'Actions'];

const when = (iso: string) => (
  <time dateTime={iso} title={new Date(iso).toUTCString()}>
    {formatRelativeTime(iso)}
  </time>
);

/** /admin/api-tokens: the tokens other tools read the site's API with; for those who manage integrations. */
export default function ApiTokensPage() {
  return (
    <RequirePermission permission="manage-integrations">
      <ApiTokens />
    </RequirePermission>
  );
}

function ApiTokens() {
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  if (isRefusal(tokens.error)) return <NotAuthorized permission="manage-integrations" />;
  const list = { ...tokens, data: tokens.data?.tokens };
  return (
    <AdminPage
      title="API Tokens"
      intro="Other tools (a stats board, a ticket system, txAdmin) read the site with these, under /api/v1. A token reads only what its scopes name and what its creator may still see; it never changes anything."
    >
      {tokens.data && <ApiTokenForm allowed={tokens.data.allowedScopes} />}
      <AdminList heading="All tokens" query={list} actionError={null} empty="No API tokens yet.">
        {(rows) => (
          <StackedTable caption="API tokens, newest first" columns={COLUMNS}>
            {rows.map((token) => (
              <StackedRow key={token.id} testId="api-token-row">
                <StackedCell label="Name">{token.name}</StackedCell>
                <StackedCell label="Scopes">
                  <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                    {token.scopes.map((scope) => (
                      <code key={scope} className="rounded bg-bayou-800 px-1.5 py-0.5 text-xs text-slate-100">
                        {scope}
                      </code>
                    ))}
                  </span>
                </StackedCell>
                <StackedCell label="Created by">{token.createdBy}</StackedCell>
                <StackedCell label="Created">{when(token.createdAt)}</StackedCell>
                <StackedCell label="Last used">{token.lastUsedAt ? when(token.lastUsedAt) : 'Never'}</StackedCell>
                <StackedCell label="Revoked">
                  {token.revokedAt ? (
                    <>
                      {when(token.revokedAt)} by {token.revokedBy}
                    </>
                  ) : (
                    'No'
                  )}
                </StackedCell>
                <StackedCell label="Actions">
                  {token.revokedAt ? (
                    '—'
                  ) : (
                    <button
                      id={`revoke-${token.id}`}
                      type="button"
                      onClick={() => setRevoking(token)}
                      aria-label={`Revoke ${token.name}`}
                      className="rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40"
                    >
                      Revoke
                    </button>
                  )}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </AdminList>
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </AdminPage>
  );
}
