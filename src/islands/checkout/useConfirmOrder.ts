import { useState } from 'react';
import type { OrderConfirmed } from '../../../core/orders/model';
import { $cart } from '../../stores/cart';
import { confirmationKeyFor, finishCheckout, forgetConfirmationKey } from '../../stores/checkout';
import { postJson } from '../shared/api';
import { handOverOrder } from './confirmation-state';
import { CHECKOUT_TEXT } from './messages';
import { afterRefusal, type Problem } from './order-request';

/**
 * The review page's confirm: the return-policy agreement a guest must give, then placing the
 * order under its idempotency key; on success the order is handed to the confirmation page, on a
 * refusal the sentences to show (`afterRefusal`), and `refresh` moves when the quote must be
 * asked again.
 */
export function useConfirmOrder(isGuest: boolean) {
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [confirming, setConfirming] = useState(false);
  const [refresh, setRefresh] = useState(0);

  function agree(checked: boolean) {
    setAgreed(checked);
    if (checked) setAgreeError('');
  }

  /** Places the order `build` gives (called only once the agreement is checked). */
  async function confirm(build: (agreed: boolean) => object) {
    setProblem(null);
    if (isGuest && !agreed) {
      setAgreeError(CHECKOUT_TEXT.returnPolicy);
      document.getElementById('agree-return-policy')?.focus();
      return;
    }
    setAgreeError('');
    const order = build(agreed);
    const key = confirmationKeyFor(JSON.stringify(order));
    setConfirming(true);
    const result = await postJson<OrderConfirmed>('/orders/orderconfirmation', order, {
      'idempotency-key': key,
    });
    if (result.ok) {
      handOverOrder(result.data.order);
      $cart.set([]);
      finishCheckout();
      window.location.assign('/orderconfirmation');
      return;
    }
    setConfirming(false);
    const outcome = afterRefusal(result);
    if (outcome.forgetKey) forgetConfirmationKey();
    setProblem(outcome.problem);
    if (outcome.requote) setRefresh((n) => n + 1);
  }

  const clearProblem = () => setProblem(null);
  return { agreed, agree, agreeError, problem, clearProblem, confirming, refresh, confirm };
}
