/*
 * bayou-bridge: lets the Bayou Roleplay website decide who may connect and in what queue order.
 *
 * server.cfg:
 *   set bayou_site_url "https://bayouroleplay.example"
 *   set bayou_api_key "<GAME_API_KEY of the site>"
 *   set bayou_on_site_down "deny"     # or "allow": what to do when the site does not answer in time
 *   set bayou_timeout_ms 3000         # how long to wait for the site
 *   set bayou_queue_tick_ms 1000      # how often the queue moves and tells players their place
 *   ensure bayou-bridge
 *
 * Other resources: exports['bayou-bridge'].getTokens(discordId) and
 * exports['bayou-bridge'].spendTokens(discordId, amount, reference, reason).
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
});

if (!GetConvar('bayou_site_url', '') || !GetConvar('bayou_api_key', ''))
  console.log('[bayou-bridge] set bayou_site_url and bayou_api_key: every player is refused until then');

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

on('playerJoining', () => bridge.joined());
on('playerDropped', () => bridge.dropped(global.source));

exports('getTokens', (discordId) => bridge.getTokens(discordId));
exports('spendTokens', (discordId, amount, reference, reason) =>
  bridge.spendTokens(discordId, amount, reference, reason),
);
