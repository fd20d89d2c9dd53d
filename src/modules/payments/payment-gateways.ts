import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { PaymentGateway, PaymentProvider } from './payment-gateway.js';
import { SandboxGateway } from './sandbox.gateway.js';
import { resolveSandboxSecret } from './sandbox-signature.js';
import { StripeGateway } from './stripe.gateway.js';

/**
 * The gateways this instance runs. New payments go to PAYMENT_PROVIDER. The sandbox exists only while it is the
 * chosen provider (with real payments on, a fake "Pay" button would be free bookings); Stripe whenever its keys
 * are set, so its notifications for earlier payments are still verified after switching.
 */
@Injectable()
export class PaymentGateways {
  private readonly gateways = new Map<PaymentProvider, PaymentGateway>();
  private readonly currentProvider: PaymentProvider;

  constructor(config: AppConfig, clock: Clock) {
    const env = config.env;
    this.currentProvider = env.PAYMENT_PROVIDER;
    if (env.PAYMENT_PROVIDER === 'sandbox') {
      this.gateways.set('sandbox', new SandboxGateway(resolveSandboxSecret(env), clock));
    }
    if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
      this.gateways.set('stripe', new StripeGateway(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, clock));
    }
  }

  /** The gateway new payments use. */
  current(): PaymentGateway {
    return this.require(this.currentProvider);
  }

  get(provider: string): PaymentGateway | undefined {
    return this.gateways.get(provider as PaymentProvider);
  }

  require(provider: string): PaymentGateway {
    const gateway = this.get(provider);
    if (!gateway) throw new NotFoundException({ message: `The ${provider} payment gateway is not enabled`, code: 'GATEWAY_NOT_ENABLED' });
    return gateway;
  }
}
