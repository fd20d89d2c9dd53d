/**
 * Jest's setupFilesAfterEnv for the browser project only (jest.config.js): a browser case that fails is run once
 * more, and its first failure is printed in full before the retry (`logErrorsBeforeRetry`), so CI's log still shows
 * every flake. Only the real browser suites get this: a page, Chromium and a server on a shared two-core machine
 * have more ways to stall once (a renderer that stops answering, a GC pause across a wait) than a unit or API
 * test, whose failures are always real. A case that fails twice fails the run.
 */
import { jest } from '@jest/globals';

jest.retryTimes(1, { logErrorsBeforeRetry: true });
