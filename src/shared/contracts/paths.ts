// How a call's path is built, the same in every area: the area's contract names each route as
// a template ('/api/rounds/:roundId', registered as is by the server) and fills it in with
// pathTo, so a path is written once and its ids are encoded the same way everywhere.

/** The names of a template's :params ('/api/a/:x/b/:y' → 'x' | 'y'). */
export type PathParams<Template extends string> =
  Template extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParams<`/${Rest}`>
    : Template extends `${string}:${infer Name}`
      ? Name
      : never;

/** A path with its :params filled in, e.g. pathTo(ROUND_PATHS.one, { roundId: 4 }). */
export function pathTo<Template extends string>(
  template: Template,
  params: Record<PathParams<Template>, number | string>,
): string {
  const values: Record<string, number | string> = params;
  return template.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}
