/** What decides which install help to show; passed in so tests need no real iPhone. */
export interface InstallEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  /** Already running from the home screen / as an installed app. */
  standalone: boolean;
}

export function currentInstallEnvironment(): InstallEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const displayStandalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return { userAgent: nav.userAgent, maxTouchPoints: nav.maxTouchPoints || 0, standalone: nav.standalone === true || displayStandalone };
}

/** An iPhone or iPad, in any browser (iPadOS reports a Mac user agent, told apart by its touch points). */
export function isAppleMobile({ userAgent, maxTouchPoints }: InstallEnvironment): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * Safari on iPhone/iPad: no `beforeinstallprompt` there, installing goes
 * through Udostępnij → 'Dodaj do ekranu początkowego'. iPadOS reports a Mac
 * user agent, told apart by its touch points. Other iOS browsers (CriOS,
 * FxiOS, EdgiOS, in-app views) name themselves and are left out.
 */
export function isIosSafari(env: InstallEnvironment): boolean {
  const { userAgent } = env;
  if (!isAppleMobile(env)) return false;
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
}

export function needsIosInstallHint(env: InstallEnvironment): boolean {
  return !env.standalone && isIosSafari(env);
}
