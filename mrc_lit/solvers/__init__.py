"""The solvers of the general form f(μ) = aᵀμ + λᵀ|μ| + max(Fμ + b) (the form and HiGHS are in `mrc_lit.learning`): the subgradient methods (`subgradient`), the default interior point method (`ipm` and the modules it is built from), and `solve` and `learn` by solver name (`registry`)."""
from .registry import solve, learn, SOLVERS
