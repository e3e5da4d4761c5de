fx_version 'cerulean'
game 'gta5'

name 'bayou-bridge'
description 'Whitelist, queue priority and tokens from the Bayou Roleplay website'
version '1.0.0'

-- bridge.js holds the logic (and is what the site tests); server.js connects it to FiveM
server_scripts {
  'bridge.js',
  'server.js',
}
