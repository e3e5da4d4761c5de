-- bulk loading: row triggers off, as a restore would do (the per-status counts are read from the indexes)
set session_replication_role = replica;

-- 100,000 applicants, each with one whitelist application, and 100,000 purchases spread over them;
-- deterministic ids (md5 of a label) so the rows can refer to each other without a lookup
insert into "users" ("id", "discord_id", "discord_username", "username", "email", "role", "created_at", "updated_at")
select md5('user' || g)::uuid, (100000000000000000 + g)::text, 'applicant' || g, 'Applicant ' || g, 'applicant' || g || '@example.com', 'player',
       now() - make_interval(secs => g), now()
from generate_series(1, 100000) as g;

insert into "whitelist_applications" ("id", "user_id", "discord_id", "discord_username", "email", "is_eighteen_plus", "age", "timezone",
  "hours_per_week", "rp_experience", "previous_communities", "character_background", "character_goals", "roleplay_scenario",
  "why_join_server", "rules_understood", "no_metagaming", "respectful_behavior", "status", "created_at")
select md5('application' || g)::uuid, md5('user' || g)::uuid, (100000000000000000 + g)::text, 'applicant' || g, 'applicant' || g || '@example.com',
       true, 18 + g % 60, 'CST', 15,
       'Three years of serious roleplay on two FiveM servers, mostly civilian and EMS characters.', 'Gulf Coast RP',
       'Grew up running crawfish traps on the Atchafalaya and came to the city to pay off debts.',
       'Open a bait shop and stay out of the gang wars.', 'Comply, remember the details, report it in character.',
       'The Louisiana setting and the slower, story-first pace.', true, true, true,
       (array['pending', 'approved', 'rejected'])[1 + g % 3], now() - make_interval(secs => g)
from generate_series(1, 100000) as g;

insert into "purchases" ("id", "user_id", "product_type", "product_id", "product_name", "price_cents", "currency", "tokens_granted",
  "tokens_awarded", "buyer_email", "buyer_discord", "payment_intent_id", "status", "created_at", "updated_at", "completed_at",
  "payment_attempted_at")
select md5('purchase' || g)::uuid, md5('user' || (1 + g % 100000))::uuid, 'unban', 'discord-unban', 'Discord Unban', 1999, 'usd', 19,
       case when g % 4 = 0 then 0 else 19 end, 'applicant' || g || '@example.com', null, 'pi_bench_' || g,
       case when g % 4 = 0 then 'pending' else 'completed' end, now() - make_interval(secs => g), now(),
       case when g % 4 = 0 then null else now() - make_interval(secs => g) end,
       case when g % 4 = 0 then null else now() - make_interval(secs => g) end
from generate_series(1, 100000) as g;

-- the signed-in callers: one player, one staff member, one admin, and fresh players who have not applied yet
insert into "users" ("id", "discord_id", "discord_username", "username", "role")
values (md5('bench-player')::uuid, '200000000000000001', 'bench.player', 'Bench Player', 'player'),
       (md5('bench-staff')::uuid, '200000000000000002', 'bench.staff', 'Bench Staff', 'staff'),
       (md5('bench-admin')::uuid, '200000000000000003', 'bench.admin', 'Bench Admin', 'admin');
insert into "users" ("id", "discord_id", "discord_username", "username", "role")
select md5('fresh' || g)::uuid, (300000000000000000 + g)::text, 'fresh' || g, 'Fresh ' || g, 'player'
from generate_series(1, :fresh) as g;

-- sessions as the sign-in stores them (koa-session's JSON, expiring in 12 hours)
insert into "sessions" ("sid", "sess", "expire")
select 'bench-' || who, json_build_object('userId', md5('bench-' || who)::uuid, 'signedInAt', :now, 'seenAt', :now, '_expire', :now + 43200000, '_maxAge', 43200000)::text,
       now() + interval '12 hours'
from unnest(array['player', 'staff', 'admin']) as who;
insert into "sessions" ("sid", "sess", "expire")
select 'bench-fresh-' || g, json_build_object('userId', md5('fresh' || g)::uuid, 'signedInAt', :now, 'seenAt', :now, '_expire', :now + 43200000, '_maxAge', 43200000)::text,
       now() + interval '12 hours'
from generate_series(1, :fresh) as g;

-- what purchases gave in the game: 100,000 grants that ran, and 2,000 due for 500 players who are online when the
-- bench's game servers ask (Discord ids 400000000000000001 to ...500, four each; bench/grants.ts)
insert into "game_grants" ("id", "purchase_id", "user_id", "discord_id", "product_id", "action", "kind", "command",
  "needs_online", "status", "dedupe_key", "offers", "server", "ran_at", "result", "created_at", "updated_at")
select md5('grant' || g)::uuid, md5('purchase' || g)::uuid, md5('user' || (1 + g % 100000))::uuid,
       (100000000000000000 + 1 + g % 100000)::text, 'hood-package', 'purchase', 'command',
       'addgang ' || (100000000000000000 + 1 + g % 100000) || ' hood', true, 'ran', 'bench:ran:' || g, 1, 'bench',
       now() - make_interval(secs => g), 'ran', now() - make_interval(secs => g), now() - make_interval(secs => g)
from generate_series(1, 100000) as g;
insert into "game_grants" ("id", "discord_id", "product_id", "action", "kind", "command", "needs_online", "status",
  "dedupe_key", "created_at", "updated_at")
select md5('due-grant' || g)::uuid, (400000000000000000 + 1 + g % 500)::text, 'hood-package', 'purchase', 'command',
       'addgang ' || (400000000000000000 + 1 + g % 500) || ' hood', true, 'queued', 'bench:due:' || g,
       now() - make_interval(secs => 2000 - g), now()
from generate_series(1, 2000) as g;

set session_replication_role = origin;
