import { useId, useState } from 'react';
import { type PlayerProfileDto, TOKEN_AMOUNT_MAX as AMOUNT_MAX } from '@contract/players.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { actionError, type PlayerAction, usePlayerAction } from '../api/players.ts';
import { ActionDialog, INPUT, LABEL } from './action-dialog.tsx';

const REASON_MAX = 200;

function ReasonField({
  value,
  onChange,
  optional,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        Reason{optional ? ' (optional)' : ''}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={REASON_MAX}
        value={value}
        required={!optional}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT}
      />
    </div>
  );
}

/** The admin's actions on a player: tokens, ban or unban, role. Each writes one row of the account-action log. */
export function AdminActions({
  player,
  selfDiscordId,
  allowed,
}: {
  player: PlayerProfileDto;
  selfDiscordId: string | undefined;
  /** which actions the signed-in user's permissions allow */
  allowed: { tokens: boolean; ban: boolean; role: boolean };
}) {
  const action = usePlayerAction(player.id);
  const run = async (input: PlayerAction, done: string): Promise<string | null> => {
    try {
      await action.mutateAsync(input);
      toast({ title: done, variant: 'success' });
      return null;
    } catch (error) {
      return actionError(error);
    }
  };
  const isSelf = player.discordId === selfDiscordId;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.tokens && <TokensDialog name={player.name} balance={player.tokens} run={run} />}
      {allowed.ban &&
        (player.banned ? (
          <ReasonDialog kind="unban" name={player.name} run={run} />
        ) : (
          !isSelf && <ReasonDialog kind="ban" name={player.name} run={run} />
        ))}
      {allowed.role && <RoleDialog name={player.name} current={player.role} isSelf={isSelf} run={run} />}
    </div>
  );
}

type Run = (input: PlayerAction, done: string) => Promise<string | null>;

/** what saving would do, named before it is done: whose balance, by how much, and what it leaves */
export function tokenChangeWords(
  name: string,
  balance: number,
  direction: 'credit' | 'debit',
  amount: string,
): { summary: string; submit: string } {
  const held = `${name} holds ${balance.toLocaleString('en-US')} tokens.`;
  const value = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : 0;
  if (value < 1) return { summary: held, submit: 'Save' };
  const count = value.toLocaleString('en-US');
  if (direction === 'credit')
    return {
      summary: `${held} Adding ${count} leaves ${(balance + value).toLocaleString('en-US')}.`,
      submit: `Add ${count} tokens to ${name}`,
    };
  return {
    summary:
      value > balance
        ? `${held} Taking ${count} is more than that, so it will be refused.`
        : `${held} Taking ${count} leaves ${(balance - value).toLocaleString('en-US')}.`,
    submit: `Take ${count} tokens from ${name}`,
  };
}

function TokensDialog({ name, balance, run }: { name: string; balance: number; run: Run }) {
  const amountId = useId();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = async () => {
    const value = Number(amount.trim());
    if (!/^\d+$/.test(amount.trim()) || value < 1 || value > AMOUNT_MAX)
      return `Enter a whole number of tokens from 1 to ${AMOUNT_MAX.toLocaleString('en-US')}.`;
    if (!reason.trim()) return 'Give a reason for the change.';
    const message = await run(
      { kind: 'tokens', direction, amount: value, reason: reason.trim() },
      direction === 'credit' ? `Added ${value} tokens.` : `Took ${value} tokens.`,
    );
    if (message === null) {
      setAmount('');
      setReason('');
    }
    return message;
  };
  const words = tokenChangeWords(name, balance, direction, amount);
  return (
    <ActionDialog
      opener="Adjust tokens"
      title="Adjust tokens"
      description={`Add tokens to ${name}'s balance or take some away. The reason is recorded in the ledger.`}
      submitLabel={words.submit}
      submit={submit}
    >
      {(error) => (
        <>
          <fieldset>
            <legend className={LABEL}>Change</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(['credit', 'debit'] as const).map((value) => (
                <label key={value} className="inline-flex items-center gap-2 text-slate-100">
                  <input
                    type="radio"
                    name="direction"
                    value={value}
                    checked={direction === value}
                    onChange={() => setDirection(value)}
                    className="accent-gold-400"
                  />
                  {value === 'credit' ? 'Add tokens' : 'Take tokens'}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={amountId} className={LABEL}>
              Amount
            </label>
            <input
              id={amountId}
              inputMode="numeric"
              value={amount}
              required
              aria-invalid={(error !== null && !/^\d+$/.test(amount.trim())) || undefined}
              onChange={(event) => setAmount(event.target.value)}
              className={INPUT}
            />
          </div>
          <p className="text-sm text-slate-200" data-testid="token-change" aria-live="polite">
            {words.summary}
          </p>
          <ReasonField value={reason} onChange={setReason} invalid={error !== null && !reason.trim()} />
        </>
      )}
    </ActionDialog>
  );
}

function ReasonDialog({ kind, name, run }: { kind: 'ban' | 'unban'; name: string; run: Run }) {
  const [reason, setReason] = useState('');
  const ban = kind === 'ban';
  const submit = async () => {
    if (!reason.trim()) return ban ? 'Give a reason for the ban.' : 'Give a reason for lifting the ban.';
    const message = await run(
      { kind, reason: reason.trim() },
      ban ? `${name} is banned.` : `${name} is no longer banned.`,
    );
    if (message === null) setReason('');
    return message;
  };
  return (
    <ActionDialog
      opener={ban ? 'Ban' : 'Unban'}
      title={ban ? 'Ban this player' : 'Lift the ban'}
      description={
        ban
          ? `${name} can still sign in, but only to a restricted session that shows the reason and reaches nothing but their ban appeal. They cannot buy, use the rest of the site or join the game server.`
          : `${name} can use the whole site and buy again, and join the game server if whitelisted. A store ban, if any, stays until it is lifted on its own.`
      }
      submitLabel={ban ? 'Ban' : 'Unban'}
      submit={submit}
    >
      {(error) => <ReasonField value={reason} onChange={setReason} invalid={error !== null && !reason.trim()} />}
    </ActionDialog>
  );
}

const ROLES = ['player', 'staff', 'admin'] as const;

function RoleDialog({
  name,
  current,
  isSelf,
  run,
}: {
  name: string;
  current: (typeof ROLES)[number];
  isSelf: boolean;
  run: Run;
}) {
  const roleId = useId();
  const [role, setRole] = useState<(typeof ROLES)[number]>(current);
  const [reason, setReason] = useState('');
  const submit = async () => {
    if (role === current) return `${name} already has the ${current} role. Choose another one.`;
    const message = await run({ kind: 'role', role, reason: reason.trim() || undefined }, `${name} is now ${role}.`);
    if (message === null) setReason('');
    return message;
  };
  return (
    <ActionDialog
      opener="Change role"
      title="Change role"
      description={
        isSelf
          ? 'This is your own account: you cannot remove your own admin role.'
          : `${name} is ${current} now. The change applies on their next request.`
      }
      submitLabel="Change role"
      submit={submit}
    >
      {() => (
        <>
          <div>
            <label htmlFor={roleId} className={LABEL}>
              Role
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => setRole(event.target.value as (typeof ROLES)[number])}
              className={INPUT}
            >
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {value[0]?.toUpperCase()}
                  {value.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <ReasonField value={reason} onChange={setReason} optional invalid={false} />
        </>
      )}
    </ActionDialog>
  );
}
