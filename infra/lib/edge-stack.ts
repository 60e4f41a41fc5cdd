import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { LogGroups } from './log-groups';
import type { StageConfig } from './stage-config';
import { WebAcl } from './web-acl';

/** CloudFront reads web ACLs, their logs and their metrics in this region only. */
export const edgeRegion = 'us-east-1';

export function edgeStackName(stage: string): string {
  return `Telehealth-${stage}-edge`;
}

/**
 * Where the edge stack publishes the web ACL's ARN for the stage's main stack, which may live
 * in any region and reads it with a cross-region lookup (web-acl-lookup.ts).
 */
export function webAclArnParameterName(stage: string): string {
  return `/telehealth/${stage}/edge/web-acl-arn`;
}

export interface EdgeStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * `Telehealth-{stage}-edge`: the stage's CLOUDFRONT-scope WAF web ACL, which AWS only accepts
 * in us-east-1, while the main stack deploys to the CLI's region (docs/adr/0006).
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;
  readonly webAclArnParameter: ssm.StringParameter;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, {
      description: `Telehealth edge protection (WAF), stage ${props.config.stage}`,
      ...props,
      env: { ...props.env, region: edgeRegion },
    });
    const logGroups = new LogGroups(this, 'LogGroups', { config: props.config });
    this.webAcl = new WebAcl(this, 'Waf', { config: props.config, logGroups });
    this.webAclArnParameter = new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: webAclArnParameterName(props.config.stage),
      description: 'ARN of the stage’s CloudFront web ACL, read by the main stack',
      stringValue: this.webAcl.webAcl.attrArn,
    });
    new CfnOutput(this, 'WebAclArnOutput', {
      value: this.webAcl.webAcl.attrArn,
      description: 'The CloudFront web ACL of the stage',
    });
  }
}
