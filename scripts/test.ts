/** `npm test`: every stage of scripts/stages.ts, each whatever came before it, then a summary naming each result. */
import { runStages, STAGES } from './stages';

void runStages(STAGES).then(({ ok }) => {
  process.exitCode = ok ? 0 : 1;
});
