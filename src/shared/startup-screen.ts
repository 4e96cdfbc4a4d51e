// The id of the startup screen the built index.html carries beside #root: written by the build
// (scripts/lib/startup-screen-plugin.ts), removed by the client when the startup ends
// (src/client/shell/page-startup-screen.ts).
export const PAGE_STARTUP_SCREEN_ID = 'startup-screen';
