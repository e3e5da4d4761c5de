import { Code2, Crown, Headphones, Shield } from 'lucide-react';
import type { StaffPositionDto } from '../../../../../adapters/http/contract/staff-applications.ts';

/** SPEC section 6: the four positions and what each does. */
export const POSITIONS: { id: StaffPositionDto; title: string; description: string; icon: typeof Crown }[] = [
  { id: 'admin', title: 'Admin', description: 'Full server management and oversight', icon: Crown },
  { id: 'moderator', title: 'Moderator', description: 'Community moderation and player assistance', icon: Shield },
  { id: 'support', title: 'Support', description: 'Player support and ticket management', icon: Headphones },
  { id: 'developer', title: 'Developer', description: 'Script development and technical support', icon: Code2 },
];

export function PositionCards({ value, onChange, error }: { value: string; onChange: (position: StaffPositionDto) => void; error?: string }) {
  return (
    <div role="group" aria-labelledby="position-label" className="grid gap-2">
      <p id="position-label" className="text-sm font-medium text-slate-200">
        Position<span className="text-red-300"> *</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {POSITIONS.map(({ id, title, description, icon: Icon }) => (
          <button
            key={id}
            type="button"
            aria-pressed={value === id}
            onClick={() => onChange(id)}
            className={`flex items-start gap-3 rounded-lg border p-4 text-left ${value === id ? 'border-gold-400 bg-bayou-800' : 'border-bayou-600 bg-bayou-950 hover:border-moss-400'}`}
          >
            <Icon aria-hidden className="mt-0.5 shrink-0 text-moss-400" />
            <span>
              <span className="block font-semibold text-gold-400">{title}</span>
              <span className="block text-sm text-slate-300">{description}</span>
            </span>
          </button>
        ))}
      </div>
      {error && <p className="text-sm text-red-300">{error}</p>}
    </div>
  );
}
