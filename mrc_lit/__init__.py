__version__ = "0.1.0"

from .datasets import load_dataset, list_datasets
from .estimator import MRC
from .marginals import FixedMarginalsMRC
from .reduced_estimator import ReducedMRC
from .selection import BoundSearch
from .solvers.control import FitTimeout

__all__ = ['MRC', 'FixedMarginalsMRC', 'ReducedMRC', 'BoundSearch', 'FitTimeout', 'load_dataset', 'list_datasets']
