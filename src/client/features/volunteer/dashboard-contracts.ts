// The zod contracts the volunteer dashboard reads its lists with. The relaunch preload
// (routes/home-page.tsx) imports this module on its own before the dashboard, so building
// these schemas (zod does real work per schema) is a task of its own, not part of the one
// task that evaluates the dashboard's whole module graph.
import { orderReply } from '#shared/contracts/orders';
import { volunteerRound } from '#shared/contracts/rounds';

export const DASHBOARD_CONTRACTS = [volunteerRound, orderReply] as const;
