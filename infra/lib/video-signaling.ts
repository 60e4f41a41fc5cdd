import * as iam from 'aws-cdk-lib/aws-iam';
import * as kinesisvideo from 'aws-cdk-lib/aws-kinesisvideo';
import { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface VideoSignalingProps {
  readonly config: StageConfig;
}

/**
 * The cloud TURN of the video rooms (DESIGN.md §7): a Kinesis Video Streams signaling channel
 * used only for its ICE servers. The room session asks `GetSignalingChannelEndpoint` (HTTPS),
 * then `GetIceServerConfig` for short-lived TURN credentials; the calls themselves stay peer to
 * peer, signalled over the app's own WebSocket API, so no media or messages pass the channel.
 */
export class VideoSignaling extends Construct {
  readonly channelArn: string;

  constructor(scope: Construct, id: string, props: VideoSignalingProps) {
    super(scope, id);
    const channel = new kinesisvideo.CfnSignalingChannel(this, 'Channel', {
      name: `${resourcePrefix(props.config.stage)}-rooms`,
      // The only channel type; the app never sends messages through it.
      type: 'SINGLE_MASTER',
    });
    this.channelArn = channel.attrArn;
  }

  /** Lets `grantee` fetch TURN credentials of this channel, and nothing else of Kinesis Video. */
  grantIceServers(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['kinesisvideo:GetSignalingChannelEndpoint', 'kinesisvideo:GetIceServerConfig'],
      resourceArns: [this.channelArn],
    });
  }
}
