import { alertRuleJson, parseStoredAlertRules, type AlertRuleJson } from '../domain/alert-config.js';
import { alertRuleText } from '../domain/alert-rule-set.js';
import type { AlertRule } from '../domain/alert-rules.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import type { AlertRuleEntry, AlertService } from './alert-service.js';

/** Where the rules added in the app are kept between runs (the composition root: the prefs file). */
export interface AlertRulePersistence {
  /** What an earlier run saved (a list of rules in the config file's `alerts.rules` shape); undefined = nothing. */
  readonly saved: unknown;
  /** Keeps the added rules (config shape) for the next start; returns the problem, or null. */
  save(rules: readonly AlertRuleJson[]): string | null;
}

/**
 * Alert rules at run time, as the UI sees them: the config file's (listed, read-only here) and the
 * ones added in the app (removable; saved for the next start).
 */
export interface AlertRuleServices {
  /** Every active rule in evaluation order (the config file's first), with its fired state now. */
  rules(): readonly AlertRuleEntry[];
  /** Adds a rule now (a condition already true fires at once) and saves the added ones; `saveProblem` null when saved. */
  add(rule: AlertRule): { readonly id: string; readonly saveProblem: string | null };
  /** Removes an added rule and saves the rest; returns null, or why not (a config rule, an unknown id). */
  remove(id: string): string | null;
}

/** Why a config rule cannot be removed in the app. */
export const CONFIG_RULE_READ_ONLY = "config-file rules are read-only here: edit alerts.rules in the config file";

/**
 * Puts the saved rules back into `service` (a bad one is skipped with a warning in the event log,
 * never thrown) and returns the UI's interface. Without `persistence` nothing is saved.
 */
export function startAlertRuleServices(service: AlertService, persistence: AlertRulePersistence | undefined, log: (level: LogLevelUi, text: string) => void): AlertRuleServices {
  const stored = parseStoredAlertRules(persistence?.saved);
  for (const problem of stored.problems) log('warn', `${problem}: skipped (it is not kept once the rules change)`);
  for (const rule of stored.rules) service.addRule(rule, 'added');
  const save = (): string | null => {
    if (!persistence) return null;
    const problem = persistence.save(service.rules().filter((e) => e.source === 'added').map((e) => alertRuleJson(e.rule)));
    if (problem !== null) log('warn', `alert rules not saved for the next start: ${problem}`);
    return problem;
  };
  return {
    rules: () => service.rules(),
    add: (rule) => {
      const id = service.addRule(rule, 'added');
      log('info', `alert added: ${alertRuleText(rule)}`);
      return { id, saveProblem: save() };
    },
    remove: (id) => {
      const entry = service.rules().find((e) => e.id === id);
      if (!entry) return `no alert rule ${id} (already removed?)`;
      if (entry.source === 'config') return CONFIG_RULE_READ_ONLY;
      service.removeRule(id);
      log('info', `alert removed: ${alertRuleText(entry.rule)}`);
      save();
      return null;
    },
  };
}
