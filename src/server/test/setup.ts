// Shared test setup: dates in tests are compared in UTC.
// eslint-disable-next-line no-restricted-properties -- test harness, not app configuration
process.env.TZ = 'UTC';
