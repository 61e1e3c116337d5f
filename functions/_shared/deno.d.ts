// The part of the Deno runtime the functions' entry points use, so they
// typecheck under Node's TypeScript too.
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  const env: { get(name: string): string | undefined };
}
