// `npm run seed`: seeds the demo population into every program that has no employees,
// also on a real database (DATABASE_URL), where `npm start` never seeds by itself.
import { startApp } from "~/modules/app.server";
import { parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";

const env = parseEnv();
const app = await startApp(env, createLogger(env.LOG_LEVEL), { seedDemo: true });
await app.close();
