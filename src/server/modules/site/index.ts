// The site module's public surface: the figures the home and subscribe pages show (the studio's Settings page reads their facts).
export { figureFacts, siteFigures } from './figures.js';
