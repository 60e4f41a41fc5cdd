import { ArnFormat, NestedStack, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kinesisvideo from 'aws-cdk-lib/aws-kinesisvideo';
import { Construct } from 'constructs';
import type { TurnChannelPool } from '#core/env';
import {
  MAX_TURN_CHANNELS,
  TURN_CHANNEL_INDEX_DIGITS,
  turnChannelName,
} from '#lib/ice/channel-pool';
import { turnChannelCount } from './capacity';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface VideoSignalingProps {
  readonly config: StageConfig;
}

/**
 * The cloud TURN of the video rooms (DESIGN.md §7, docs/adr/0009-turn-channel-pool.md): a pool
 * of Kinesis Video Streams signaling channels used only for their ICE servers, as many as
 * `turnChannelCount()` of the capacity model. One channel holds 50 TURN allocations, a handful
 * of relayed calls; the room session puts each party on the channel its client id hashes to.
 * The calls themselves stay peer to peer, signalled over the app's own WebSocket API, so no
 * media or messages pass the channels.
 *
 * The channels live in a nested stack: a pool sized for the design load would take the main
 * stack past CloudFormation's 500 resources. Nothing crosses between the two stacks: the room
 * session gets the pool's name prefix and size, and its policy matches the names.
 */
export class VideoSignaling extends Construct {
  readonly pool: TurnChannelPool;
  readonly channels: NestedStack;

  constructor(scope: Construct, id: string, props: VideoSignalingProps) {
    super(scope, id);
    const size = turnChannelCount();
    if (size > MAX_TURN_CHANNELS) {
      throw new Error(`The TURN pool of ${size} channels has more than ${MAX_TURN_CHANNELS} names`);
    }
    this.pool = { namePrefix: `${resourcePrefix(props.config.stage)}-turn-`, size };
    this.channels = new NestedStack(this, 'TurnChannels', {
      description: `TURN signaling channels of the video rooms (${size})`,
    });
    for (let index = 0; index < size; index += 1) {
      new kinesisvideo.CfnSignalingChannel(this.channels, `Channel${index}`, {
        name: turnChannelName(this.pool.namePrefix, index),
        // The only channel type; the app never sends messages through it.
        type: 'SINGLE_MASTER',
      });
    }
  }

  /**
   * The pool's channels as one ARN pattern: `{prefix}???/*` matches exactly the three-digit
   * names (a channel ARN ends in `/{name}/{creation time}`). Listing the ARNs would put a
   * hundred references to the nested stack into the role's policy, near IAM's size limit.
   */
  get channelArnPattern(): string {
    return Stack.of(this).formatArn({
      service: 'kinesisvideo',
      resource: 'channel',
      resourceName: `${this.pool.namePrefix}${'?'.repeat(TURN_CHANNEL_INDEX_DIGITS)}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /**
   * Lets `grantee` find the pool's channels by name and fetch their TURN credentials, and
   * nothing else of Kinesis Video.
   */
  grantIceServers(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: [
        'kinesisvideo:DescribeSignalingChannel',
        'kinesisvideo:GetSignalingChannelEndpoint',
        'kinesisvideo:GetIceServerConfig',
      ],
      resourceArns: [this.channelArnPattern],
    });
    const principal = grantee.grantPrincipal;
    if (principal instanceof Construct) {
      acknowledge(
        principal,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kinesisvideo:<AWS::Region>:<AWS::AccountId>:channel/${this.pool.namePrefix}???/*]`,
        'The TURN channel pool (docs/adr/0009): `???` matches exactly its three-digit channel ' +
          'names, and `/*` the creation time that ends every channel ARN.',
      );
    }
  }
}
