import { z } from 'zod';

// The ONLY reader of process.env (STYLE §1.2). Tests build Config objects with loadConfig({...}).
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((raw) =>
      raw
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' }))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** Load the built-in catalogue when the projects table is empty. */
  CATALOGUE_AUTOLOAD: booleanFromEnv.default(true),
  /** Directory with the built web app; absent → the API runs alone. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
});

export type Config = z.infer<typeof EnvSchema>;
export type ConfigInput = Partial<Record<keyof z.input<typeof EnvSchema>, string>>;

/** Parses and validates the environment; throws one Error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${lines.join('\n')}`);
}

/** The process environment, with `.env` (if present in the working directory) filling variables that are unset. */
export function readEnvironment(envFile = '.env'): Record<string, string | undefined> {
  try {
    process.loadEnvFile(envFile); // never overrides variables already set
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return process.env;
}
