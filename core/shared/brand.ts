/** The server's name, as the messages and the application forms say it. */
export const BRAND = 'Bayou Roleplay';
