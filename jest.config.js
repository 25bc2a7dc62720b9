'use strict';
/**
 * Every project's tests in one Jest run (`npx jest [path] [--selectProjects unit|integration]`): handy for running
 * a few files by path. `npm test` and CI go through Nx instead, one project at a time (`nx run <project>:test`),
 * each with its own `jest.config.js`.
 */
const path = require('node:path');
const { jestConfig } = require('./jest.preset');

module.exports = jestConfig(...['apps', 'libs', 'tools'].map((dir) => path.join(__dirname, dir)));
