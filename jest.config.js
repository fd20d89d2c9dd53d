import { scaled } from './test/support/machine.mjs';

/** Jest in ESM mode (Nest 12, drizzle, vite and react-router are ESM-only); @swc/jest compiles TS with decorator metadata. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // Explicit limits in the test files scale like testTimeout (issue 24: nothing depends on the machine's speed).
  setupFilesAfterEnv: ['<rootDir>/test/support/time-limits.ts'],
};

export default {
  // A fresh PostgreSQL database per worker when TEST_DATABASE_URL is set (test/support/worker-databases.mjs).
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  // 120 s on an idle machine, times the headroom of test/support/machine.mjs (at least 4, more at a higher load).
  testTimeout: scaled(120_000),
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/client/**/*.spec.ts?(x)', '<rootDir>/test/support/**/*.spec.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.test.ts'] },
    // Services called directly on a real PGlite database (the money and stock rules): test/service.
    { ...common, displayName: 'service', testMatch: ['<rootDir>/test/service/**/*.test.ts'] },
    { ...common, displayName: 'system', testMatch: ['<rootDir>/test/system/**/*.test.ts'] },
    // A failing browser case runs once more, its first failure printed (test/support/browser-retry.ts).
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      setupFilesAfterEnv: [...common.setupFilesAfterEnv, '<rootDir>/test/support/browser-retry.ts'],
    },
    // Resilience drills on the built server (kill -9, SIGTERM, database outage, two instances): test/drills.
    { ...common, displayName: 'drills', testMatch: ['<rootDir>/test/drills/**/*.test.ts'] },
  ],
};
