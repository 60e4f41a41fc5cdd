import { existsSync } from 'node:fs';
import path from 'node:path';
import { handlerFunctionName, manifestHandlers } from '../../infra/lib/handler-functions';
import { productionStage } from '../../infra/lib/stage-config';
import { prodContext } from '../../infra/test/prod-context';
import {
  newSynthOutDir,
  stagedAssetDir,
  stageSynth,
  stageTemplate,
  type SynthesizedFunction,
} from '../../infra/test/staged-assets';

/**
 * Issue 29 item 5: the bench's cold-start figures come from the code the CDK stage deploys,
 * not from a build of its own. `synthesizeDeployedStage` runs the stage's `cdk synth` (with
 * bundling, as `cdk deploy` runs it), and `deployedHandlers` follows each Lambda function of the
 * template to its staged asset directory and the file its `Handler` setting names, the file
 * Lambda imports at a cold start.
 */

/** One handler function of the template, as Lambda finds its code. */
export interface DeployedHandler {
  /** The route manifest's handler name (`functions/src/routes.ts`). */
  handler: string;
  functionName: string;
  /** The staged asset directory: what `cdk deploy` zips and uploads as the function's code. */
  assetDir: string;
  /** The module the `Handler` setting names, with the extension Lambda finds it under. */
  handlerFile: string;
}

/**
 * The extensions Lambda's Node.js runtime tries for the module of `Handler` (`index.handler`
 * is `index.js`, else `index.mjs`, else `index.cjs`), in its order.
 */
const HANDLER_EXTENSIONS = ['.js', '.mjs', '.cjs'] as const;

/** The file in `assetDir` that a function's `Handler` (`<module>.<export>`) loads. */
export function handlerFileOf(assetDir: string, handlerSetting: string): string {
  const dot = handlerSetting.lastIndexOf('.');
  if (dot <= 0) throw new Error(`Handler "${handlerSetting}" names no module`);
  const module = handlerSetting.slice(0, dot);
  for (const extension of HANDLER_EXTENSIONS) {
    const file = path.join(assetDir, `${module}${extension}`);
    if (existsSync(file)) return file;
  }
  throw new Error(`No ${module}.js, .mjs or .cjs in ${assetDir} (Handler "${handlerSetting}")`);
}

/**
 * Every Lambda function of the stage's template that CDK bundled (the handlers' functions;
 * CDK's own custom-resource functions are not bundled), each with its manifest handler, its
 * asset directory and handler file. Fails when a bundled function is not a handler of the
 * manifest, or a handler of the manifest has no function: the bench must time every function
 * the stage deploys, and only those.
 */
export function deployedHandlers(outDir: string, stage: string): DeployedHandler[] {
  const byFunctionName = new Map(
    manifestHandlers().map((handler) => [handlerFunctionName(stage, handler), handler]),
  );
  const bundled = Object.values(stageTemplate(outDir, stage).Resources).filter(
    (resource): resource is SynthesizedFunction =>
      resource.Type === 'AWS::Lambda::Function' &&
      resource.Metadata?.['aws:asset:is-bundled'] === true,
  );
  const found = bundled.map((fn) => {
    const functionName = String(fn.Properties.FunctionName);
    const handler = byFunctionName.get(functionName);
    if (!handler) throw new Error(`Function ${functionName} runs no handler of the manifest`);
    const assetDir = stagedAssetDir(outDir, fn);
    return {
      handler,
      functionName,
      assetDir,
      handlerFile: handlerFileOf(assetDir, String(fn.Properties.Handler)),
    };
  });
  const missing = [...byFunctionName.values()].filter(
    (handler) => !found.some((one) => one.handler === handler),
  );
  if (missing.length > 0) throw new Error(`No function deploys ${missing.join(', ')}`);
  return found.sort((a, b) => (a.handler < b.handler ? -1 : 1));
}

/** Where a synthesized stage's output lies (the caller removes `outDir`). */
export interface SynthesizedStage {
  outDir: string;
  stage: string;
}

/**
 * `cdk synth` of the production stage, as `cdk deploy -c stage=prod` synthesizes it (its
 * example settings, infra/test/prod-context.ts: only their form matters to the template; every
 * stage deploys the same handler code), into a new directory outside the repository.
 */
export async function synthesizeDeployedStage(): Promise<SynthesizedStage> {
  const outDir = newSynthOutDir();
  const run = await stageSynth(outDir, productionStage, prodContext);
  if (run.code !== 0) throw new Error(`cdk synth failed:\n${run.output}`);
  return { outDir, stage: productionStage };
}
