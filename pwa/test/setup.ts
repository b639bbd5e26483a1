/**
 * Setup of the pwa vitest project. Testing Library's findBy… and waitFor wait for a state for 1 s by default; on CI's
 * two busy cores a render after a fetch can take longer than that, so they wait up to 10 s (a state that comes early
 * ends the wait early; the test's own timeout still bounds it).
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
