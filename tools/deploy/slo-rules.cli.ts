import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './rendered-manifests';
import { SLO_FILE, SLO_RULES_FILE, sloRulesText } from './slo-rules';

/** `npm run slo-rules`: rewrites k8s/base/slo-rules.yaml from k8s/observability/slos.yaml. */
function main(): void {
  fs.writeFileSync(path.join(ROOT, SLO_RULES_FILE), sloRulesText());
  console.log(`wrote ${SLO_RULES_FILE} from ${SLO_FILE}`);
}

if (require.main === module) main();
