// Shared test setup: dates in tests are compared in UTC.
process.env.TZ = 'UTC';
