/*
 * The logic of the bayou-bridge resource, free of FiveM's globals so it can be tested on its own.
 *
 * On playerConnecting it defers, reads the player's discord: identifier, asks the site
 * (GET /api/game/players/:discordId with the server key), refuses players without Discord, banned players and
 * players not whitelisted, and while the server is full holds a queue: higher priority first, then arrival.
 * A player who drops and connects again within the grace window keeps their first arrival (and one who was on the
 * server goes to the front); where the boost is on, a waiting player's priority rises by one every boost interval.
 * Every few seconds it reports the queue to the site (POST /api/game/queue): who waits in what order, who went in
 * and how long they waited; the answer carries staff actions (move to the front, remove with a reason) it applies.
 *
 * Every few seconds, and when a player joins, it asks the site for the grants due for the players online
 * (POST /api/game/grants/poll), runs each (a console command, or an event for another resource), remembers each id
 * it ran in the resource's key-value store, and reports what ran and what failed (POST /api/game/grants/reports).
 * A grant offered again after a restart between running and reporting is reported, not run again.
 */
((root, factory) => {
  const api = factory();
  // FiveM runs server.js beside this file and reads the global; Node's require reads module.exports
  root.BayouBridge = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(globalThis, () => {
  /** One HTTP request with Node's own modules (FXServer's runtime has no fetch); answers { status, body }. */
  function nodeRequest(method, url, headers, body, timeoutMs) {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const transport = require(target.protocol === 'https:' ? 'https' : 'http');
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const sent = transport.request(
        target,
        {
          method,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
          timeout: timeoutMs,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            let parsed = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: response.statusCode || 0, body: parsed });
          });
        },
      );
      sent.on('timeout', () => sent.destroy(new Error(`the site did not answer within ${timeoutMs} ms`)));
      sent.on('error', reject);
      if (payload !== undefined) sent.write(payload);
      sent.end();
    });
  }

  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** a grant's mark in the resource's key-value store, once it ran: what to report */
  const ranKey = (grantId) => `bayou:grant:${grantId}`;

  /**
   * options: siteUrl, apiKey, timeoutMs (3000), onSiteDown ('allow' | 'deny'), maxClients(), playerCount(),
   * stillConnecting(source) (optional), queueTickMs (1000), admitGraceMs (30000), log(message), request and now
   * (tests); for the queue: queueReportMs (5000), rejoinGraceMs (300000: 0 is off), boostEveryMs (0: off);
   * for grants: serverName, grantsPollMs (5000), onlinePlayers() (their Discord ids), store ({ get, set,
   * remove }: the resource's key-value store), runCommand(command), triggerEvent(name, payload).
   */
  function createBridge(options) {
    const siteUrl = String(options.siteUrl || '').replace(/\/+$/, '');
    const timeoutMs = options.timeoutMs || 3000;
    const onSiteDown = options.onSiteDown === 'allow' ? 'allow' : 'deny';
    const queueTickMs = options.queueTickMs || 1000;
    const admitGraceMs = options.admitGraceMs === undefined ? 30000 : options.admitGraceMs;
    const request = options.request || nodeRequest;
    const now = options.now || Date.now;
    const log = options.log || (() => {});
    const queueReportMs = options.queueReportMs || 5000;
    const rejoinGraceMs = options.rejoinGraceMs === undefined ? 300000 : Math.max(0, options.rejoinGraceMs);
    const boostEveryMs = Math.max(Number(options.boostEveryMs) || 0, 0);
    let queue = [];
    let admittedAt = [];
    let arrivals = 0;
    let timer = null;
    /** players who left, by Discord id, within the grace window: their first arrival, and whether they were on */
    const recent = new Map();
    /** players let in, by source, for when they drop */
    const onServer = new Map();
    /** admissions from the queue not yet reported, and staff actions applied and not yet acknowledged */
    let admissions = [];
    let applied = [];
    const appliedSeen = new Set();
    const bootMark = now().toString(36);
    let admissionsMade = 0;
    let frontMoves = 0;

    const call = (method, path, body) =>
      request(method, `${siteUrl}${path}`, { authorization: `Bearer ${options.apiKey}` }, body, timeoutMs);

    /** the player's access as the site answers it, or null when the site cannot answer */
    async function access(discordId) {
      try {
        const response = await call('GET', `/api/game/players/${encodeURIComponent(discordId)}`);
        if (response.status === 200 && response.body) return response.body;
        log(`the site answered ${response.status} for ${discordId}`);
      } catch (error) {
        log(`the site could not be asked: ${error.message}`);
      }
      return null;
    }

    const discordIdOf = (identifiers) => {
      const found = identifiers.map(String).find((identifier) => identifier.startsWith('discord:'));
      return found ? found.slice('discord:'.length) : null;
    };

    /** slots taken: players on the server, and players let in a moment ago who have not arrived yet */
    function slotsTaken() {
      const since = now() - admitGraceMs;
      admittedAt = admittedAt.filter((at) => at > since);
      return options.playerCount() + admittedAt.length;
    }

    function admit(entry) {
      const at = now();
      admittedAt.push(at);
      onServer.set(entry.source, { discordId: entry.discordId, arrival: entry.arrival, since: entry.since });
      if (entry.queued) {
        admissions.push({
          id: `${bootMark}-${(admissionsMade++).toString(36)}`,
          discordId: entry.discordId,
          tier: entry.tier,
          priority: entry.priority,
          waitedSeconds: Math.max(0, Math.floor((at - entry.since) / 1000)),
          at: new Date(at).toISOString(),
        });
        // a site that cannot be reached for long: the oldest are let go rather than held without end
        if (admissions.length > 1000) admissions = admissions.slice(-1000);
      }
      entry.deferrals.done();
    }

    /** where a player who left stood, remembered for the grace window */
    function remember(discordId, place) {
      if (!discordId || rejoinGraceMs === 0) return;
      recent.set(discordId, { ...place, leftAt: now() });
    }

    function rejoining(discordId) {
      const since = now() - rejoinGraceMs;
      for (const [id, place] of recent) if (place.leftAt < since) recent.delete(id);
      const place = recent.get(discordId);
      recent.delete(discordId);
      return place;
    }

    /** the priority a player is sorted by: their tier's, plus one every boostEveryMs waited where the boost is on */
    const effectivePriority = (entry, at) =>
      entry.priority + (boostEveryMs ? Math.floor(Math.max(0, at - entry.since) / boostEveryMs) : 0);

    /** staff's moves to the front first, then players back from the server, then priority, then arrival */
    function sortQueue() {
      const at = now();
      return queue.sort((a, b) => {
        if (a.front || b.front) return a.front && b.front ? a.front - b.front : a.front ? -1 : 1;
        if (a.returning !== b.returning) return a.returning ? -1 : 1;
        if (a.returning) return a.arrival - b.arrival;
        return effectivePriority(b, at) - effectivePriority(a, at) || a.arrival - b.arrival;
      });
    }

    function tick() {
      queue = queue.filter((entry) => {
        if (!options.stillConnecting || options.stillConnecting(entry.source)) return true;
        remember(entry.discordId, { arrival: entry.arrival, since: entry.since, wasOn: false });
        return false;
      });
      sortQueue();
      while (queue.length > 0 && slotsTaken() < options.maxClients()) admit(queue.shift());
      const at = now();
      queue.forEach((entry, index) => {
        const shown = effectivePriority(entry, at);
        const priority = shown > 0 ? ` (priority ${shown})` : '';
        entry.deferrals.update(
          `The server is full. You are ${index + 1} of ${queue.length} in the queue${priority}. Priority Pass holders go first: ${siteUrl}/whitelist`,
        );
      });
      if (queue.length === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    }

    function enqueue(entry) {
      entry.queued = true;
      queue.push(entry);
      if (!timer) timer = setInterval(tick, queueTickMs);
      tick();
    }

    /** playerConnecting: { source, name, identifiers, deferrals }; answers what was decided */
    async function connecting(player) {
      const { deferrals } = player;
      deferrals.defer();
      // FiveM wants a tick between defer and the next deferral call
      await delay(0);
      const discordId = discordIdOf(player.identifiers || []);
      if (!discordId) {
        deferrals.done(
          `Link your Discord account in FiveM (Settings, Connections) to join. Then apply at ${siteUrl}/apply`,
        );
        return 'no_discord';
      }
      deferrals.update(`Checking your whitelist with ${siteUrl} ...`);
      const answer = await access(discordId);
      let priority = 0;
      if (!answer) {
        if (onSiteDown === 'deny') {
          deferrals.done('The whitelist cannot be checked right now. Please try again in a minute.');
          return 'site_down';
        }
      } else if (answer.banned) {
        deferrals.done(`You are banned from this server. To appeal, see ${siteUrl}/appeal-process`);
        return 'banned';
      } else if (!answer.whitelisted) {
        deferrals.done(`You are not on the whitelist yet. Apply at ${siteUrl}/apply`);
        return 'not_whitelisted';
      } else {
        priority = answer.priority || 0;
      }
      // the same player connecting again while still listed (their game restarted): the new connection takes their place
      const listed = queue.find((entry) => entry.discordId === discordId);
      if (listed) queue = queue.filter((entry) => entry !== listed);
      const back = listed
        ? { arrival: listed.arrival, since: listed.since, wasOn: false, front: listed.front }
        : rejoining(discordId);
      const entry = {
        source: player.source,
        discordId,
        name: player.name,
        priority,
        tier: answer?.tier ?? null,
        arrival: back ? back.arrival : arrivals++,
        // a player back from the server waits anew; one who dropped while waiting keeps the time already waited
        since: back && !back.wasOn ? back.since : now(),
        returning: Boolean(back?.wasOn),
        front: back?.front || 0,
        queued: false,
        deferrals,
      };
      if (queue.length === 0 && slotsTaken() < options.maxClients()) {
        admit(entry);
        return 'admitted';
      }
      enqueue(entry);
      return 'queued';
    }

    /** Credits (amount > 0) or spends (amount < 0) once per reference: { ok, balance, duplicate, error }. */
    async function changeTokens(discordId, amount, reference, reason) {
      try {
        const response = await call('POST', `/api/game/players/${encodeURIComponent(String(discordId))}/tokens`, {
          amount,
          reference: String(reference),
          reason: String(reason),
        });
        const body = response.body || {};
        if (response.status === 200) return { ok: true, balance: body.balance, duplicate: body.duplicate, error: null };
        return {
          ok: false,
          balance: typeof body.balance === 'number' ? body.balance : null,
          duplicate: false,
          error: body.message || `The site answered ${response.status}.`,
        };
      } catch (error) {
        return { ok: false, balance: null, duplicate: false, error: error.message };
      }
    }

    const serverName = String(options.serverName || 'main');
    const grantsPollMs = options.grantsPollMs || 5000;
    const store = options.store || { get: () => null, set: () => {}, remove: () => {} };
    /** failures an event's handler reported for the grant being run (exports grantFailed) */
    const failures = new Map();
    let running = null;
    let grantsTimer = null;
    let pass = null;
    let askAgain = false;

    /** runs one grant, or answers what it reported before when it ran already (a restart before its report) */
    function runGrant(grant) {
      const remembered = store.get(ranKey(grant.id));
      if (remembered) {
        try {
          return JSON.parse(remembered);
        } catch {
          return { grantId: grant.id, ok: true, message: 'ran before the resource restarted' };
        }
      }
      let outcome;
      try {
        if (grant.kind === 'command') {
          options.runCommand(grant.command);
          outcome = { grantId: grant.id, ok: true, message: null };
        } else {
          failures.delete(grant.id);
          running = grant.id;
          try {
            options.triggerEvent(grant.event, grant.payload);
          } finally {
            running = null;
          }
          const failure = failures.get(grant.id);
          failures.delete(grant.id);
          outcome = failure
            ? { grantId: grant.id, ok: false, message: failure }
            : { grantId: grant.id, ok: true, message: null };
        }
      } catch (error) {
        outcome = { grantId: grant.id, ok: false, message: String(error?.message || error) };
      }
      store.set(ranKey(grant.id), JSON.stringify(outcome));
      return outcome;
    }

    /** why the polls fail, while they do: said once when they start failing, and once when they answer again */
    let pollTrouble = null;
    function pollFailed(why) {
      if (pollTrouble !== why) log(`${why}; asking again every ${grantsPollMs} ms`);
      pollTrouble = why;
      return false;
    }

    /** one poll: runs what came and reports it; answers whether more are waiting */
    async function grantsRound() {
      let answer;
      try {
        answer = await call('POST', '/api/game/grants/poll', { server: serverName, online: options.onlinePlayers() });
      } catch (error) {
        return pollFailed(`the site could not be asked for grants: ${error.message}`);
      }
      if (answer.status !== 200 || !answer.body)
        return pollFailed(`the site answered ${answer.status} to the grants poll`);
      if (pollTrouble) log('the site answers the grants poll again');
      pollTrouble = null;
      const online = new Set(options.onlinePlayers());
      // a player who left since the poll: their grant waits for its lease and is offered again when they are back
      const runnable = answer.body.grants.filter((grant) => !grant.needsOnline || online.has(grant.discordId));
      const reports = runnable.map(runGrant);
      if (reports.length > 0) await reportGrants(reports);
      return answer.body.more === true;
    }

    async function reportGrants(reports) {
      try {
        const answer = await call('POST', '/api/game/grants/reports', { server: serverName, reports });
        if (answer.status === 200) {
          // the site holds each outcome now, and offers none of them again
          for (const report of reports) store.remove(ranKey(report.grantId));
          for (const report of reports.filter((each) => !each.ok))
            log(`grant ${report.grantId} failed: ${report.message}`);
        } else log(`the site answered ${answer.status} to the grants report; it is sent again when offered again`);
      } catch (error) {
        log(`the grants report could not be sent (${error.message}); it is sent again when offered again`);
      }
    }

    /** asks until nothing more is waiting; a call during a pass makes it ask once more at its end */
    function pollGrants() {
      if (pass) {
        askAgain = true;
        return pass;
      }
      pass = (async () => {
        do {
          askAgain = false;
          let more = true;
          for (let round = 0; more && round < 20; round++) more = await grantsRound();
        } while (askAgain);
      })().finally(() => {
        pass = null;
      });
      return pass;
    }

    let reportTimer = null;
    let reporting = null;
    let reportTrouble = null;

    /** a staff action from the site: the player goes to the front, or leaves the queue with the reason shown */
    function applyAction(action) {
      if (!action || typeof action.id !== 'string' || appliedSeen.has(action.id)) return;
      const entry = queue.find((each) => each.discordId === action.discordId);
      if (entry && action.action === 'front') entry.front = ++frontMoves;
      if (entry && action.action === 'remove') {
        queue = queue.filter((each) => each !== entry);
        entry.deferrals.done(`You were removed from the queue by staff: ${action.reason || 'no reason given'}`);
      }
      applied.push(action.id);
      appliedSeen.add(action.id);
      if (appliedSeen.size > 1000) appliedSeen.delete(appliedSeen.values().next().value);
    }

    /** one report of the queue; a report under way is not doubled */
    function reportQueue() {
      reporting ??= (async () => {
        sortQueue();
        const at = now();
        const sentAdmissions = admissions.slice(0, 200);
        const sentApplied = applied.slice(0, 200);
        const body = {
          server: serverName,
          slots: options.maxClients(),
          online: options.playerCount(),
          waiting: queue.slice(0, 400).map((entry) => ({
            discordId: entry.discordId,
            name: String(entry.name || '').slice(0, 256),
            priority: effectivePriority(entry, at),
            tier: entry.tier,
            since: new Date(entry.since).toISOString(),
          })),
          admitted: sentAdmissions,
          applied: sentApplied,
        };
        let answer;
        try {
          answer = await call('POST', '/api/game/queue', body);
        } catch (error) {
          return reportFailed(`the queue report could not be sent: ${error.message}`);
        }
        if (answer.status !== 200 || !answer.body)
          return reportFailed(`the site answered ${answer.status} to the queue report`);
        if (reportTrouble) log('the site takes the queue report again');
        reportTrouble = null;
        // the site holds these now; more may have come meanwhile, behind them
        admissions = admissions.slice(sentAdmissions.length);
        applied = applied.filter((id) => !sentApplied.includes(id));
        const actions = Array.isArray(answer.body.actions) ? answer.body.actions : [];
        for (const action of actions) applyAction(action);
        if (actions.length > 0) tick();
      })().finally(() => {
        reporting = null;
      });
      return reporting;
    }

    function reportFailed(why) {
      if (reportTrouble !== why) log(`${why}; sending it again every ${queueReportMs} ms`);
      reportTrouble = why;
    }

    return {
      connecting,
      /** the player's tokens, or null when the site cannot answer */
      getTokens: async (discordId) => (await access(String(discordId)))?.tokens ?? null,
      /** a spend beyond the balance answers ok false, with the balance */
      spendTokens: (discordId, amount, reference, reason) =>
        changeTokens(discordId, -Math.abs(Number(amount)), reference, reason),
      creditTokens: (discordId, amount, reference, reason) =>
        changeTokens(discordId, Math.abs(Number(amount)), reference, reason),
      /** a player let in has arrived (playerJoining): their slot now counts among the players */
      joined: () => {
        admittedAt.shift();
      },
      /** a player left (playerDropped): waiting or on the server, where they stood is remembered for the grace window */
      dropped: (source) => {
        const waiting = queue.find((entry) => entry.source === source);
        if (waiting) {
          queue = queue.filter((entry) => entry !== waiting);
          remember(waiting.discordId, { arrival: waiting.arrival, since: waiting.since, wasOn: false });
        }
        const playing = onServer.get(source);
        if (playing) {
          onServer.delete(source);
          remember(playing.discordId, { arrival: playing.arrival, since: playing.since, wasOn: true });
        }
      },
      queued: () => {
        sortQueue();
        return queue.map((entry) => ({ source: entry.source, name: entry.name, priority: entry.priority }));
      },
      tick,
      reportQueue,
      /** reports the queue every queueReportMs */
      startQueueReports: () => {
        if (!reportTimer) reportTimer = setInterval(() => reportQueue(), queueReportMs);
        return reportQueue();
      },
      pollGrants,
      /** asks for grants every grantsPollMs */
      startGrants: () => {
        if (!grantsTimer) grantsTimer = setInterval(() => pollGrants(), grantsPollMs);
        return pollGrants();
      },
      /** an event's handler tells that the grant it was given could not be given */
      grantFailed: (grantId, message) => {
        if (running !== String(grantId)) return false;
        failures.set(String(grantId), String(message || 'the handler reported a failure'));
        return true;
      },
      stop: () => {
        if (timer) clearInterval(timer);
        timer = null;
        if (grantsTimer) clearInterval(grantsTimer);
        grantsTimer = null;
        if (reportTimer) clearInterval(reportTimer);
        reportTimer = null;
      },
    };
  }

  return { createBridge, nodeRequest };
});
