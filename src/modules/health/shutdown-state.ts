import { Injectable } from '@nestjs/common';

/**
 * Whether this process is draining before a stop (issue 28, finding 4): from SIGTERM, for SHUTDOWN_DRAIN_MS, the
 * readiness endpoint answers 503 so load balancers take the instance out of rotation, while every other request is
 * still served; then the server closes. Set by src/main.ts.
 */
@Injectable()
export class ShutdownState {
  draining = false;
}
