/** The environment is missing or contradicts a setting; the message names the variables. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
