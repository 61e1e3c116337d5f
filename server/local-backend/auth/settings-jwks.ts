import type { PublicEcJwk } from '../keys/jwt.ts';

/** The public, unauthenticated answers: GET /settings, /health and /.well-known/jwks.json. */

/** GoTrue's GET /settings for this project: email sign-ups only, confirmed at once unless confirmations are on. */
export function localAuthSettings(mailerAutoconfirm = true) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      snapchat: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      email: true,
      phone: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

/** GET /health. */
export const HEALTH = {
  version: 'local',
  name: 'GoTrue',
  description: 'GoTrue is a user registration and authentication API',
} as const;

/** GET /.well-known/jwks.json: the public keys (GoTrue never lists an HS256 key there), cached as GoTrue lets them be. */
export function jwksAnswer(jwks: { keys: PublicEcJwk[] }): { body: { keys: PublicEcJwk[] }; headers: Record<string, string> } {
  return { body: { keys: jwks.keys }, headers: { 'Cache-Control': 'public, max-age=600' } };
}
