/**
 * The application_name of the site's own connections (server and CLI). The embedded database serves no other
 * client: its connections share one backend, and another client's session settings would become the site's.
 */
export const SITE_APPLICATION_NAME = 'bayou-site';
