'use strict';
/** This project's tests, unit and integration tiers (jest.preset.js): `npx nx test <project>`. */
module.exports = require('../../jest.preset.js').jestConfig(__dirname);
