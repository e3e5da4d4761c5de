/*
 * bayou-bridge: lets the Bayou Roleplay website decide who may connect and in what queue order.
 *
 * server.cfg:
 *   set bayou_site_url "https://bayouroleplay.example"
 *   set bayou_api_key "<GAME_API_KEY of the site>"
 *   set bayou_on_site_down "deny"     # or "allow": what to do when the site does not answer in time
 *   set bayou_timeout_ms 3000         # how long to wait for the site
 *   set bayou_queue_tick_ms 1000      # how often the queue moves and tells players their place
 *   set bayou_server_name "main"      # this server's name in the site's record of what ran where
 *   set bayou_grants_poll_ms 5000     # how often it asks the site for what purchases give in the game
 *   set bayou_queue_report_ms 5000    # how often it reports the queue to the site (players see it there)
 *   set bayou_queue_grace_s 300       # a player who drops and comes back within this keeps their place (0: off)
 *   set bayou_queue_boost_s 0         # raise a waiting player's priority by 1 every this many seconds (0: off)
 *   ensure bayou-bridge
 *
 * Other resources: exports['bayou-bridge'].getTokens(discordId),
 * exports['bayou-bridge'].spendTokens(discordId, amount, reference, reason), and, from a grant's event handler,
 * exports['bayou-bridge'].grantFailed(grantId, message) when it could not give it.
 */
const bridge = BayouBridge.createBridge({
  siteUrl: GetConvar('bayou_site_url', ''),
  apiKey: GetConvar('bayou_api_key', ''),
  onSiteDown: GetConvar('bayou_on_site_down', 'deny'),
  timeoutMs: GetConvarInt('bayou_timeout_ms', 3000),
  queueTickMs: GetConvarInt('bayou_queue_tick_ms', 1000),
  maxClients: () => GetConvarInt('sv_maxclients', 32),
  playerCount: () => GetNumPlayerIndices(),
  // a player who gave up waiting has no endpoint any more
  stillConnecting: (source) => Boolean(GetPlayerEndpoint(source)),
  log: (message) => console.log(`[bayou-bridge] ${message}`),
  serverName: GetConvar('bayou_server_name', 'main'),
  grantsPollMs: GetConvarInt('bayou_grants_poll_ms', 5000),
  queueReportMs: GetConvarInt('bayou_queue_report_ms', 5000),
  rejoinGraceMs: GetConvarInt('bayou_queue_grace_s', 300) * 1000,
  boostEveryMs: GetConvarInt('bayou_queue_boost_s', 0) * 1000,
  onlinePlayers,
  store: {
    get: (key) => GetResourceKvpString(key) || null,
    set: (key, value) => SetResourceKvp(key, value),
    remove: (key) => DeleteResourceKvp(key),
  },
  runCommand: (command) => ExecuteCommand(command),
  triggerEvent: (name, payload) => emit(name, payload),
});

if (!GetConvar('bayou_site_url', '') || !GetConvar('bayou_api_key', ''))
  console.log('[bayou-bridge] set bayou_site_url and bayou_api_key: every player is refused until then');

/** the Discord ids of the players on the server now */
function onlinePlayers() {
  const ids = [];
  for (let i = 0; i < GetNumPlayerIndices(); i++) {
    const found = identifiersOf(GetPlayerFromIndex(i)).find((identifier) => identifier.startsWith('discord:'));
    if (found) ids.push(found.slice('discord:'.length));
  }
  return ids;
}

function identifiersOf(source) {
  const identifiers = [];
  const count = GetNumPlayerIdentifiers(source);
  for (let i = 0; i < count; i++) identifiers.push(GetPlayerIdentifier(source, i));
  return identifiers;
}

on('playerConnecting', (name, _setKickReason, deferrals) => {
  const player = global.source;
  bridge.connecting({ source: player, name, identifiers: identifiersOf(player), deferrals }).catch((error) => {
    console.log(`[bayou-bridge] connecting failed: ${error.message}`);
    deferrals.done('The whitelist check failed. Please try again.');
  });
});

on('playerJoining', () => {
  bridge.joined();
  // what they bought while away is given as they arrive
  bridge.pollGrants();
});
on('playerDropped', () => bridge.dropped(global.source));
on('onResourceStop', (name) => {
  if (name === GetCurrentResourceName()) bridge.stop();
});

if (GetConvar('bayou_site_url', '') && GetConvar('bayou_api_key', '')) {
  bridge.startGrants();
  bridge.startQueueReports();
}

exports('getTokens', (discordId) => bridge.getTokens(discordId));
exports('grantFailed', (grantId, message) => bridge.grantFailed(grantId, message));
exports('spendTokens', (discordId, amount, reference, reason) =>
  bridge.spendTokens(discordId, amount, reference, reason),
);
