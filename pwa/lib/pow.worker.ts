/**
 * Proof-of-work worker: altcha-lib's v1 worker answers { type: 'work', payload } messages with
 * the solution (or null) and stops on { type: 'abort' }. Bundled by Vite as its own chunk.
 */
import 'altcha-lib/v1/worker';
