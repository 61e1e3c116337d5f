/** What every function needs from its environment (set by Supabase, or by the local backend). */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The shop's public origin (payment return pages); optional, set from SITE_URL or the local app. */
  siteUrl?: string;
}

export function readFunctionEnv(get: (name: string) => string | undefined): FunctionEnv {
  const value = (name: string) => {
    const found = get(name);
    if (!found) throw new Error(`Missing environment variable ${name}`);
    return found;
  };
  return {
    supabaseUrl: value('SUPABASE_URL'),
    anonKey: value('SUPABASE_ANON_KEY'),
    serviceRoleKey: value('SUPABASE_SERVICE_ROLE_KEY'),
    siteUrl: get('SITE_URL') || undefined,
  };
}
