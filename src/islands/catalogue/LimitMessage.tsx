/** spec §5 and §8: the cart limit sentence, pointing to the contact page for larger orders. */
export default function LimitMessage({ message }: { message: string }) {
  return (
    <p className="limit" data-testid="limit-message">
      {message} Need more? <a href="/contactus">Contact us</a> and we will help.
    </p>
  );
}
