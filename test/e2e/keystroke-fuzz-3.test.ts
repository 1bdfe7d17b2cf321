/**
 * Description: issue 15 must-show — the keystroke fuzz, rounds 5 and 6 of 8 (the
 * whole description, rig and checks are in test/helpers/keystroke-fuzz.ts; the rounds are split over
 * keystroke-fuzz-1..4 so that two workers share them). No write reaches the exchange unless a
 * chunk that began with `y` arrived while a review was on screen, and nothing throws.
 */
import { fuzzRounds } from '../helpers/keystroke-fuzz.js';

fuzzRounds(4, 2);
