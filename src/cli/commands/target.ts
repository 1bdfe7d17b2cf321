import { UsageError } from '../args.js';
import { loadConfig, type AppConfig } from '../config.js';
import { closeExchangeTarget, openExchangeTarget, type ExchangeTarget } from '../exchange-target.js';
import { Redactor } from '../file-logger.js';
import { checkCredentials, credentialSourceOf } from '../start-checks.js';
import type { CommonOptions } from './flags.js';

/** The exchange a command talks to, with the config it was chosen by. */
export interface CommandTarget {
  readonly config: AppConfig;
  readonly exchange: ExchangeTarget;
  /** Knows the credentials in use: every text a command prints about a failure goes through it. */
  readonly redactor: Redactor;
  /** Stops the embedded exchange the command started (if it did). Never rejects. */
  close(): Promise<void>;
}

/**
 * Chooses the exchange as the dashboard does (the same profiles, `--paper`, `--demo`, and
 * UTADASH_SIM_URL), with one difference: without keys the dashboard opens the embedded exchange,
 * while a command refuses (exit 2) unless `--demo` or UTADASH_SIM_URL says so, so a script meant
 * for the real account never acts on a simulated one by accident. Keys a request header cannot
 * carry are refused as the dashboard refuses them.
 */
export async function openCommandTarget(common: CommonOptions, env: NodeJS.ProcessEnv): Promise<CommandTarget> {
  const config = loadConfig(env, common.profile);
  const external = (env.UTADASH_SIM_URL ?? '') !== '';
  if (!common.demo && config.profile.credentials === null && !external) {
    throw new UsageError(
      `no API keys configured: set BITGET_API_KEY, BITGET_API_SECRET and BITGET_API_PASSPHRASE, or a profile with apiKey, secret and passphrase in ${config.path}; add --demo to use the embedded exchange`,
    );
  }
  const keys = common.demo ? null : credentialSourceOf(config);
  if (keys) checkCredentials(keys);
  const exchange = await openExchangeTarget({ demo: common.demo, paper: common.paper, seed: common.seed }, env, config);
  const redactor = new Redactor();
  redactor.add(exchange.credentials.apiKey, exchange.credentials.secret, exchange.credentials.passphrase);
  return { config, exchange, redactor, close: () => closeExchangeTarget(exchange) };
}
