interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  /** The legacy anon key (a JWT). */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The new-style public key, `sb_publishable_…`; wins over VITE_SUPABASE_ANON_KEY when both are set. */
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
