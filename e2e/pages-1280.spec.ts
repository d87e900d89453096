// Every page at 1280 px (e2e/page-checks.ts): a spec file per width, so the widths run side by side.
import { checkEveryPage } from './page-checks';

checkEveryPage(1280);
