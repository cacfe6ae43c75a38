"""PyTorch's calling conventions: every public function's signatures, as PyTorch's argument
parser declares them (native_functions.yaml's types; engine/arguments.py reads them).

A call the engine could not complete is explained against these: if its arguments fit none of
the signatures, PyTorch would have refused them with a TypeError before doing anything, and the
program gets that TypeError; if they fit, the failure is the engine's own (a PyTorch error it
raised on purpose, or a bug). So each line says what PyTorch 2.13 takes, in the order it tries
the overloads, not what gradcli happens to implement. A line that starts with spaces continues
the one above; `{options}` is the factories' `dtype=None, ..., requires_grad=False`; `names:`
before a line gives the public names it serves when they differ from its own.

TORCH holds torch.<name>. A method Tensor.<name> takes torch.<name>'s overloads with `input`
(the tensor it is called on) and `out` removed, as PyTorch generates them (one that is left with
no parameter takes no arguments at all); TENSOR declares the methods that differ.
"""
from __future__ import annotations

TORCH = """
Generator(Device device=None)
abs(Tensor input, *, Tensor out=None)
acos(Tensor input, *, Tensor out=None)
add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)
add(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated
addcdiv(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)
addcdiv(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated
addcmul(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)
addcmul(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated
addmm(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)
addmm(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1,
      Scalar alpha=1, Tensor out=None)
addmv(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)
addmv(Scalar beta, Tensor input, Scalar alpha, Tensor mat, Tensor vec, *, Tensor out=None)|deprecated
addmv(Scalar beta, Tensor input, Tensor mat, Tensor vec, *, Tensor out=None)|deprecated
all(Tensor input, *, Tensor out=None)
all(Tensor input, int[] dim=None, bool keepdim=False, *, Tensor out=None)
all(Tensor input, int? dim, bool keepdim=False, *, Tensor out=None)
allclose(Tensor input, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False)
amax(Tensor input, int[1] dim=None, bool keepdim=False, *, Tensor out=None)
amin(Tensor input, int[1] dim=None, bool keepdim=False, *, Tensor out=None)
aminmax(Tensor input, *, int? dim=None, bool keepdim=False, Tensor[] out=None)
any(Tensor input, *, Tensor out=None)
any(Tensor input, int[] dim=None, bool keepdim=False, *, Tensor out=None)
any(Tensor input, int? dim, bool keepdim=False, *, Tensor out=None)
arange(Scalar end, *, Tensor out=None, {options})
arange(Scalar start, Scalar end, *, {options})
arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, {options})
are_deterministic_algorithms_enabled: torch.are_deterministic_algorithms_enabled()|noargs
argmax(Tensor input, int? dim=None, bool keepdim=False, *, Tensor out=None)
argmin(Tensor input, int? dim=None, bool keepdim=False, *, Tensor out=None)
argsort(Tensor input, *, bool stable, int dim=-1, bool descending=False, Tensor out=None)
argsort(Tensor input, int dim=-1, bool descending=False)
argwhere(Tensor input)
as_tensor(PyObject data, *, ScalarType? dtype=None, Device? device=None)
asin(Tensor input, *, Tensor out=None)
arctan2(Tensor input, Tensor other, *, Tensor out=None)
atan(Tensor input, *, Tensor out=None)
atan2(Tensor input, Tensor other, *, Tensor out=None)
bincount(Tensor input, Tensor? weights=None, SymInt minlength=0)
bitwise_and(Tensor input, Tensor other, *, Tensor out=None)
bitwise_and(Scalar self, Tensor other)
bitwise_and(Tensor input, Scalar other, *, Tensor out=None)
bitwise_not(Tensor input, *, Tensor out=None)
bitwise_or(Tensor input, Tensor other, *, Tensor out=None)
bitwise_or(Scalar self, Tensor other)
bitwise_or(Tensor input, Scalar other, *, Tensor out=None)
bitwise_xor(Tensor input, Tensor other, *, Tensor out=None)
bitwise_xor(Scalar self, Tensor other)
bitwise_xor(Tensor input, Scalar other, *, Tensor out=None)
baddbmm(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1,
        Tensor out=None)
baddbmm(Tensor input, Tensor batch1, Tensor batch2, ScalarType out_dtype, *, Scalar beta=1,
        Scalar alpha=1, Tensor out=None)
bmm(Tensor input, Tensor mat2, *, Tensor out=None)
bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)
broadcast_to(Tensor input, SymInt[] size)
bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)
bernoulli(Tensor input, float p, *, Generator? generator=None)
bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False,
          Tensor out=None)
bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)
cat(Tensor[] tensors, int dim=0, *, Tensor out=None)
ceil(Tensor input, *, Tensor out=None)
chunk(Tensor input, int chunks, int dim=0)
clamp(Tensor input, Tensor min=None, Tensor max=None, *, Tensor out=None)
clamp(Tensor input, Scalar min=None, Scalar max=None, *, Tensor out=None)
clamp_max(Tensor input, Tensor max, *, Tensor out=None)
clamp_max(Tensor input, Scalar max, *, Tensor out=None)
clamp_min(Tensor input, Tensor min, *, Tensor out=None)
clamp_min(Tensor input, Scalar min, *, Tensor out=None)
clip(Tensor input, Tensor min=None, Tensor max=None, *, Tensor out=None)
clip(Tensor input, Scalar min=None, Scalar max=None, *, Tensor out=None)
clone(Tensor input, *, MemoryFormat? memory_format=None)
column_stack(Tensor[] tensors, *, Tensor out=None)
concat(Tensor[] tensors, int dim=0, *, Tensor out=None)
concatenate(Tensor[] tensors, int dim=0, *, Tensor out=None)
conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0,
    SymInt[2] dilation=1, SymInt groups=1)
conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, str padding="valid",
    SymInt[2] dilation=1, SymInt groups=1)
cos(Tensor input, *, Tensor out=None)
cosh(Tensor input, *, Tensor out=None)
cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08)
count_nonzero(Tensor input, int? dim=None)
count_nonzero(Tensor input, int[] dim)
cross(Tensor input, Tensor other, int? dim=None, *, Tensor out=None)
cumprod(Tensor input, int dim, *, ScalarType? dtype=None, Tensor out=None)
cumsum(Tensor input, int dim, *, ScalarType? dtype=None, Tensor out=None)
det(Tensor input)
diag(Tensor input, int diagonal=0, *, Tensor out=None)
diagonal(Tensor input, int offset=0, int dim1=0, int dim2=1)
dist(Tensor input, Tensor other, Scalar p=2)
div(Tensor input, Tensor other, *, Tensor out=None)
div(Tensor input, Tensor other, *, str? rounding_mode, Tensor out=None)
div(Tensor input, Scalar other, *, str rounding_mode)
divide(Tensor input, Tensor other, *, Tensor out=None)
divide(Tensor input, Tensor other, *, str? rounding_mode, Tensor out=None)
divide(Tensor input, Scalar other)
divide(Tensor input, Scalar other, *, str? rounding_mode)
dot(Tensor input, Tensor tensor, *, Tensor out=None)
dstack(Tensor[] tensors, *, Tensor out=None)
empty(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor out=None, {options})
empty_like(Tensor input, *, MemoryFormat? memory_format=None, {options})
enable_grad, no_grad: def _NoParamDecoratorContextManager.__new__(cls, orig_func=None)
eq(Tensor input, Tensor other, *, Tensor out=None)
eq(Tensor input, Scalar other, *, Tensor out=None)
equal(Tensor input, Tensor other)
erf(Tensor input, *, Tensor out=None)
exp(Tensor input, *, Tensor out=None)
exp2(Tensor input, *, Tensor out=None)
expm1(Tensor input, *, Tensor out=None)
eye(int n, *, Tensor out=None, {options})
eye(int n, int m, *, Tensor out=None, {options})
finfo(ScalarType type)
finfo()
flatten(Tensor input, int start_dim=0, int end_dim=-1)
flip(Tensor input, int[] dims)
floor(Tensor input, *, Tensor out=None)
floor_divide(Tensor input, Tensor other, *, Tensor out=None)
floor_divide(Tensor input, Scalar other)
fmod(Tensor input, Tensor other, *, Tensor out=None)
fmod(Tensor input, Scalar other, *, Tensor out=None)
frac(Tensor input, *, Tensor out=None)
from_numpy: torch._VariableFunctionsClass.from_numpy(ndarray)|onearg
full(int[] size, Scalar fill_value, *, Tensor out=None, Layout layout=strided,
    ScalarType? dtype=None, Device? device=None, bool requires_grad=False, bool pin_memory=False)
full_like(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, {options})
gather(Tensor input, int dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)
ge(Tensor input, Tensor other, *, Tensor out=None)
ge(Tensor input, Scalar other, *, Tensor out=None)
ger(Tensor input, Tensor vec2, *, Tensor out=None)
def get_default_device()
get_default_dtype: torch.get_default_dtype()|noargs
get_num_threads: torch.get_num_threads()|noargs
def get_rng_state()
greater(Tensor input, Tensor other, *, Tensor out=None)
greater(Tensor input, Scalar other, *, Tensor out=None)
greater_equal(Tensor input, Tensor other, *, Tensor out=None)
greater_equal(Tensor input, Scalar other, *, Tensor out=None)
gt(Tensor input, Tensor other, *, Tensor out=None)
gt(Tensor input, Scalar other, *, Tensor out=None)
histc(Tensor input, int bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)
hstack(Tensor[] tensors, *, Tensor out=None)
hypot(Tensor input, Tensor other, *, Tensor out=None)
iinfo(ScalarType type)
index_add(Tensor input, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)
index_copy(Tensor input, int dim, Tensor index, Tensor source, *, Tensor out=None)
index_fill(Tensor input, int dim, Tensor index, Tensor value)
index_fill(Tensor input, int dim, Tensor index, Scalar value)
index_put(Tensor input, Tensor[] indices, Tensor values, bool accumulate=False)
index_select(Tensor input, int dim, Tensor index, *, Tensor out=None)
inference_mode: def inference_mode.__new__(cls, mode=True)
def initial_seed()
inverse(Tensor input, *, Tensor out=None)
is_deterministic_algorithms_warn_only_enabled:
    torch.is_deterministic_algorithms_warn_only_enabled()|noargs
is_grad_enabled: torch.is_grad_enabled()|noargs
is_floating_point(Tensor input)
is_inference(Tensor input)
is_inference_mode_enabled: torch.is_inference_mode_enabled()|noargs
def is_tensor(obj)
isclose(Tensor input, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False)
isfinite(Tensor input)
isinf(Tensor input)
isnan(Tensor input)
kron(Tensor input, Tensor other, *, Tensor out=None)
kthvalue(Tensor input, int k, int dim=-1, bool keepdim=False, *, Tensor[] out=None)
le(Tensor input, Tensor other, *, Tensor out=None)
le(Tensor input, Scalar other, *, Tensor out=None)
lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)
lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)
less(Tensor input, Tensor other, *, Tensor out=None)
less(Tensor input, Scalar other, *, Tensor out=None)
less_equal(Tensor input, Tensor other, *, Tensor out=None)
less_equal(Tensor input, Scalar other, *, Tensor out=None)
linspace(Tensor start, Tensor end, int steps, *, Tensor out=None, {options})
linspace(Scalar start, Tensor end, int steps, *, Tensor out=None, {options})
linspace(Tensor start, Scalar end, int steps, *, Tensor out=None, {options})
linspace(Scalar start, Scalar end, int steps, *, Tensor out=None, {options})
def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
    **pickle_load_args)
log(Tensor input, *, Tensor out=None)
log10(Tensor input, *, Tensor out=None)
log1p(Tensor input, *, Tensor out=None)
log2(Tensor input, *, Tensor out=None)
log_softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor out=None)
logical_and(Tensor input, Tensor other, *, Tensor out=None)
logical_not(Tensor input, *, Tensor out=None)
logical_or(Tensor input, Tensor other, *, Tensor out=None)
logical_xor(Tensor input, Tensor other, *, Tensor out=None)
logsumexp(Tensor input, int[1] dim, bool keepdim=False, *, Tensor out=None)
lt(Tensor input, Tensor other, *, Tensor out=None)
lt(Tensor input, Scalar other, *, Tensor out=None)
deg2rad(Tensor input, *, Tensor out=None)
def manual_seed(seed)
masked_fill(Tensor input, Tensor mask, Tensor value)
masked_fill(Tensor input, Tensor mask, Scalar value)
masked_scatter(Tensor input, Tensor mask, Tensor source)
masked_select(Tensor input, Tensor mask, *, Tensor out=None)
matmul(Tensor input, Tensor other, *, Tensor out=None)
max(Tensor input, *, Tensor out=None)
max(Tensor input, Tensor other, *, Tensor out=None)
max(Tensor input, int dim, bool keepdim=False, *, Tensor[] out=None)
max_pool2d(Tensor input, int[2] kernel_size, int[2]? stride=None, int[2] padding=0,
    int[2] dilation=1, bool ceil_mode=False)
maximum(Tensor input, Tensor other, *, Tensor out=None)
mean(Tensor input, *, ScalarType dtype=None, Tensor out=None)
mean(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType dtype=None, Tensor out=None)
def meshgrid(*tensors, indexing=None)
median(Tensor input)
median(Tensor input, int dim, bool keepdim=False, *, Tensor[] out=None)
min(Tensor input, *, Tensor out=None)
min(Tensor input, Tensor other, *, Tensor out=None)
min(Tensor input, int dim, bool keepdim=False, *, Tensor[] out=None)
minimum(Tensor input, Tensor other, *, Tensor out=None)
mm(Tensor input, Tensor mat2, *, Tensor out=None)
mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)
mode(Tensor input, int dim=-1, bool keepdim=False, *, Tensor[] out=None)
msort(Tensor input, *, Tensor out=None)
multinomial(Tensor input, int num_samples, bool replacement=False, *,
    Generator? generator=None, Tensor out=None)
mul(Tensor input, Tensor other, *, Tensor out=None)
multiply(Tensor input, Tensor other, *, Tensor out=None)
multiply(Tensor input, Scalar other)
mv(Tensor input, Tensor vec, *, Tensor out=None)
nanmedian(Tensor input)
nanmedian(Tensor input, int dim, bool keepdim=False, *, Tensor[] out=None)
nanquantile(Tensor input, Tensor q, int? dim=None, bool keepdim=False, *,
            str interpolation="linear", Tensor out=None)
nanquantile(Tensor input, float q, int? dim=None, bool keepdim=False, *,
            str interpolation="linear", Tensor out=None)
narrow(Tensor input, int dim, Tensor start, int length)
narrow(Tensor input, int dim, int start, int length)
ne(Tensor input, Tensor other, *, Tensor out=None)
ne(Tensor input, Scalar other, *, Tensor out=None)
neg(Tensor input, *, Tensor out=None)
negative(Tensor input, *, Tensor out=None)
nonzero(Tensor input, *, bool as_tuple=False, Tensor out=None)
def norm(input, p='fro', dim=None, keepdim=False, out=None, dtype=None)
not_equal(Tensor input, Tensor other, *, Tensor out=None)
not_equal(Tensor input, Scalar other, *, Tensor out=None)
numel(Tensor input)
ones(SymInt[] size, *, Tensor out=None, {options})
ones_like(Tensor input, *, MemoryFormat? memory_format=None, {options})
outer(Tensor input, Tensor vec2, *, Tensor out=None)
pairwise_distance(Tensor x1, Tensor x2, float p=2, float eps=1e-06, bool keepdim=False)
permute(Tensor input, int[] dims)
positive(Tensor input)
pow(Tensor input, Tensor exponent, *, Tensor out=None)
pow(Scalar self, Tensor exponent, *, Tensor out=None)
pow(Tensor input, Scalar exponent, *, Tensor out=None)
prelu(Tensor input, Tensor weight)
prod(Tensor input, *, ScalarType dtype=None)
prod(Tensor input, int dim, bool keepdim=False, *, ScalarType dtype=None, Tensor out=None)
promote_types(ScalarType type1, ScalarType type2)
quantile(Tensor input, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation="linear",
         Tensor out=None)
quantile(Tensor input, float q, int? dim=None, bool keepdim=False, *, str interpolation="linear",
         Tensor out=None)
rand(int[] size, *, Generator? generator, Tensor out=None, {options})
rand(int[] size, *, Tensor out=None, {options})
rand_like(Tensor input, *, Generator? generator, MemoryFormat memory_format=None, {options})
rand_like(Tensor input, *, MemoryFormat memory_format=None, {options})
randint(int high, int[] size, *, Generator? generator, Tensor out=None, {options})
randint(int high, int[] size, *, Tensor out=None, {options})
randint(int low, int high, int[] size, *, Generator? generator, Tensor out=None, {options})
randint(int low, int high, int[] size, *, Tensor out=None, {options})
randint_like(Tensor input, int low, int high, *, Generator? generator,
    MemoryFormat memory_format=None, {options})
randint_like(Tensor input, int low, int high, *, MemoryFormat memory_format=None, {options})
randint_like(Tensor input, Tensor high, *, Generator? generator, MemoryFormat memory_format=None,
    {options})
randint_like(Tensor input, Tensor high, *, MemoryFormat memory_format=None, {options})
randint_like(Tensor input, int high, *, Generator? generator, MemoryFormat memory_format=None,
    {options})
randint_like(Tensor input, int high, *, MemoryFormat memory_format=None, {options})
randn(int[] size, *, Generator? generator, Tensor out=None, {options})
randn(int[] size, *, Tensor out=None, {options})
randn_like(Tensor input, *, Generator? generator, MemoryFormat memory_format=None, {options})
randn_like(Tensor input, *, MemoryFormat memory_format=None, {options})
randperm(int n, *, Generator? generator, Tensor out=None, {options})
randperm(int n, *, Tensor out=None, {options})
ravel(Tensor input)
reciprocal(Tensor input, *, Tensor out=None)
relu(Tensor input)
remainder(Tensor input, Tensor other, *, Tensor out=None)
remainder(Scalar self, Tensor other)
remainder(Tensor input, Scalar other, *, Tensor out=None)
reshape(Tensor input, SymInt[] shape)
result_type(Tensor tensor, Tensor other)
result_type(Scalar scalar, Tensor tensor)
result_type(Tensor tensor, Scalar other)
result_type(Scalar scalar1, Scalar scalar2)
roll(Tensor input, SymInt[1] shifts, int[1] dims=None)
round(Tensor input, *, Tensor out=None)
round(Tensor input, *, int decimals, Tensor out=None)
rad2deg(Tensor input, *, Tensor out=None)
rsqrt(Tensor input, *, Tensor out=None)
rsub(Tensor input, Tensor other, *, Scalar alpha=1)
rsub(Tensor input, Scalar other, Scalar alpha=1)
searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False,
             str? side=None, Tensor? sorter=None, Tensor out=None)
searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False,
             str? side=None, Tensor? sorter=None, Tensor out=None)
def seed()
scatter_add(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out=None)
select(Tensor input, int dim, SymInt index)
def set_default_device(device)
def set_default_dtype(d, /)
def set_default_tensor_type(t, /)
set_grad_enabled: def set_grad_enabled.__init__(self, mode)
def set_num_threads(n)
def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None,
    sci_mode=None)
def set_rng_state(new_state)
scatter(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out=None)
scatter(Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out=None)
scatter(Tensor input, int dim, Tensor index, Scalar value, *, Tensor out=None)
scatter(Tensor input, int dim, Tensor index, Scalar value, *, str reduce, Tensor out=None)
sigmoid(Tensor input, *, Tensor out=None)
sign(Tensor input, *, Tensor out=None)
sin(Tensor input, *, Tensor out=None)
sinh(Tensor input, *, Tensor out=None)
softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor out=None)
sort(Tensor input, *, bool stable, int dim=-1, bool descending=False, Tensor[] out=None)
sort(Tensor input, int dim=-1, bool descending=False, *, Tensor[] out=None)
def split(tensor, split_size_or_sections, dim=0)
split_with_sizes(Tensor input, SymInt[] split_sizes, int dim=0)
sqrt(Tensor input, *, Tensor out=None)
square(Tensor input, *, Tensor out=None)
squeeze(Tensor input)
squeeze(Tensor input, int dim)
squeeze(Tensor input, int[] dim)
stack(Tensor[] tensors, int dim=0, *, Tensor out=None)
std(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)
std(Tensor input, int[1] dim=None, *, Scalar correction=None, bool keepdim=False, Tensor out=None)
std(Tensor input, bool unbiased=True)
std_mean(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False)
std_mean(Tensor input, int[1] dim=None, *, Scalar correction=None, bool keepdim=False)
std_mean(Tensor input, bool unbiased=True)
sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)
sub(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated
subtract(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)
subtract(Tensor input, Scalar other, Scalar alpha=1)
sum(Tensor input, *, ScalarType dtype=None)
sum(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType dtype=None, Tensor out=None)
svd(Tensor input, bool some=True, bool compute_uv=True, *, Tensor[] out=None)
swapaxes(Tensor input, int axis0, int axis1)
swapdims(Tensor input, int dim0, int dim1)
t(Tensor input)
take(Tensor input, Tensor index, *, Tensor out=None)
tan(Tensor input, *, Tensor out=None)
tanh(Tensor input, *, Tensor out=None)
tensor(PyObject data, *, ScalarType? dtype=None, Device? device=None, bool pin_memory=False,
    bool requires_grad=False, Dimname[]? names=None)
tensor_split(Tensor input, SymInt[] indices, int dim=0)
tensor_split(Tensor input, Tensor tensor_indices_or_sections, int dim=0)
tensor_split(Tensor input, SymInt sections, int dim=0)
tile(Tensor input, SymInt[] dims)
topk(Tensor input, SymInt k, int dim=-1, bool largest=True, bool sorted=True, *,
     Tensor[] out=None)
trace(Tensor input)
transpose(Tensor input, int dim0, int dim1)
tril(Tensor input, SymInt diagonal=0, *, Tensor out=None)
tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=None, Layout? layout=None,
             Device? device=None, bool pin_memory=False, bool requires_grad=False)
triu(Tensor input, SymInt diagonal=0, *, Tensor out=None)
triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=None, Layout? layout=None,
             Device? device=None, bool pin_memory=False, bool requires_grad=False)
true_divide(Tensor input, Tensor other, *, Tensor out=None)
true_divide(Tensor input, Scalar other)
trunc(Tensor input, *, Tensor out=None)
unbind(Tensor input, int dim=0)
unflatten(Tensor input, int dim, SymInt[] sizes)
unsqueeze(Tensor input, int dim)
def use_deterministic_algorithms(mode, *, warn_only=False)
var(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)
var(Tensor input, int[1] dim=None, *, Scalar correction=None, bool keepdim=False, Tensor out=None)
var(Tensor input, bool unbiased=True)
var_mean(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False)
var_mean(Tensor input, int[1] dim=None, *, Scalar correction=None, bool keepdim=False)
var_mean(Tensor input, bool unbiased=True)
vstack(Tensor[] tensors, *, Tensor out=None)
where(Tensor condition)
where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)
where(Tensor condition, Scalar self, Tensor other)
where(Tensor condition, Tensor input, Scalar other)
where(Tensor condition, Scalar self, Scalar other)
zeros(SymInt[] size, *, Tensor out=None, {options})
zeros_like(Tensor input, *, MemoryFormat? memory_format=None, {options})
neg_(Tensor input)
exp_(Tensor input)
exp2_(Tensor input)
expm1_(Tensor input)
log_(Tensor input)
log2_(Tensor input)
log10_(Tensor input)
log1p_(Tensor input)
sqrt_(Tensor input)
rsqrt_(Tensor input)
reciprocal_(Tensor input)
sin_(Tensor input)
cos_(Tensor input)
tan_(Tensor input)
asin_(Tensor input)
acos_(Tensor input)
atan_(Tensor input)
sinh_(Tensor input)
cosh_(Tensor input)
tanh_(Tensor input)
sigmoid_(Tensor input)
erf_(Tensor input)
abs_(Tensor input)
trunc_(Tensor input)
floor_(Tensor input)
ceil_(Tensor input)
round_(Tensor input)
round_(Tensor input, *, int decimals)
frac_(Tensor input)
square_(Tensor input)
"""

FUNCTIONAL = """
adaptive_max_pool2d: def _adaptive_max_pool2d(input, output_size, return_indices=False)
avg_pool2d(Tensor input, SymInt[2] kernel_size, SymInt[2] stride=None, SymInt[2] padding=0,
    bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None)
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
    momentum=0.1, eps=1e-05)
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
    reduction='mean')
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
    reduction='mean', pos_weight=None)
conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0,
    SymInt[2] dilation=1, SymInt groups=1)
conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, str padding="valid",
    SymInt[2] dilation=1, SymInt groups=1)
cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08)
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
    reduction='mean', label_smoothing=0.0)
def dropout(input, p=0.5, training=True, inplace=False)
def elu(input, alpha=1.0, inplace=False)
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False, sparse=False)
gelu(Tensor input, *, str approximate="none")
def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)
def huber_loss(input, target, reduction='mean', delta=1.0, weight=None)
def l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)
def leaky_relu(input, negative_slope=0.01, inplace=False)
linear(Tensor input, Tensor weight, Tensor? bias=None)
def log_softmax(input, dim=None, _stacklevel=3, dtype=None)
logsigmoid: log_sigmoid(Tensor input)
max_pool2d: def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
    return_indices=False)
def mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
    reduction='mean')
def normalize(input, p=2.0, dim=1, eps=1e-12, out=None)
one_hot(Tensor input, int num_classes=-1)
pairwise_distance(Tensor x1, Tensor x2, float p=2, float eps=1e-06, bool keepdim=False)
def pad(input, pad, mode='constant', value=None)
prelu(Tensor input, Tensor weight)
def relu(input, inplace=False)
def relu6(input, inplace=False)
def sigmoid(input)
def silu(input, inplace=False)
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0)
def softmax(input, dim=None, _stacklevel=3, dtype=None)
softplus(Tensor input, Scalar beta=1, Scalar threshold=20)
def tanh(input)
"""

AUTOGRAD = """
enable_grad, no_grad: def _NoParamDecoratorContextManager.__new__(cls, orig_func=None)
inference_mode: def inference_mode.__new__(cls, mode=True)
set_grad_enabled: def set_grad_enabled.__init__(self, mode)
is_grad_enabled: torch.is_grad_enabled()|noargs
is_inference_mode_enabled: torch.is_inference_mode_enabled()|noargs
def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
    inputs=None)
def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
    only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False)
def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True,
    nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
    check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
    fast_mode=False, masked=None)
"""

TENSOR = """
TensorBase.abs_()|noargs
TensorBase.acos_()|noargs
add_(Tensor other, *, Scalar alpha=1)
add_(Scalar alpha, Tensor other)|deprecated
addcdiv_(Tensor tensor1, Tensor tensor2, *, Scalar value=1)
addcdiv_(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated
addcmul_(Tensor tensor1, Tensor tensor2, *, Scalar value=1)
addcmul_(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated
TensorBase.argwhere()|noargs
TensorBase.asin_()|noargs
TensorBase.atan_()|noargs
addmm(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)
addmm(Scalar beta, Scalar alpha, Tensor mat1, Tensor mat2)|deprecated
baddbmm(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)
baddbmm(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated
arctan2_(Tensor other)
atan2_(Tensor other)
bmm(Tensor mat2)
bool(*, MemoryFormat memory_format=preserve_format)
byte(*, MemoryFormat memory_format=preserve_format)
TensorBase.apply_(callable)|onearg
bernoulli(*, Generator? generator=None)
bernoulli(float p, *, Generator? generator=None)
bernoulli_(Tensor p, *, Generator? generator=None)
bernoulli_(float p=0.5, *, Generator? generator=None)
TensorBase.ceil_()|noargs
clamp_(Tensor min=None, Tensor max=None)
clamp_(Scalar min=None, Scalar max=None)
clamp_max_(Tensor max)
clamp_max_(Scalar max)
clamp_min_(Tensor min)
clamp_min_(Scalar min)
clip_(Tensor min=None, Tensor max=None)
clip_(Scalar min=None, Scalar max=None)
contiguous(*, MemoryFormat memory_format=contiguous_format)
copy_(Tensor other, bool non_blocking=False)
TensorBase.cos_()|noargs
TensorBase.cosh_()|noargs
cpu(*, MemoryFormat? memory_format=None)
cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)
cuda(Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated
div(Tensor other)
div(Tensor other, *, str? rounding_mode)
div(Scalar other, *, str? rounding_mode)
div_(Tensor other)
div_(Tensor other, *, str? rounding_mode)
div_(Scalar other, *, str? rounding_mode)
divide(Tensor other)
divide(Tensor other, *, str? rounding_mode)
divide(Scalar other)
divide(Scalar other, *, str? rounding_mode)
divide_(Tensor other)
divide_(Tensor other, *, str? rounding_mode)
divide_(Scalar other)
divide_(Scalar other, *, str? rounding_mode)
double(*, MemoryFormat memory_format=preserve_format)
TensorBase.erf_()|noargs
TensorBase.exp2_()|noargs
TensorBase.exp_()|noargs
exponential_(float lambd=1, *, Generator? generator=None)
expand(SymInt[] size, *, bool implicit=False)
expand_as(Tensor other)
TensorBase.expm1_()|noargs
fill_(Tensor value)
fill_(Scalar value)
float(*, MemoryFormat memory_format=preserve_format)
TensorBase.floor_()|noargs
floor_divide(Tensor other)
floor_divide(Scalar other)
fmod_(Tensor other)
fmod_(Scalar other)
half(*, MemoryFormat memory_format=preserve_format)
TensorBase.deg2rad_()|noargs
hypot_(Tensor other)
index_add_(int dim, Tensor index, Tensor source, *, Scalar alpha=1)
index_copy_(int dim, Tensor index, Tensor source)
index_fill_(int dim, Tensor index, Tensor value)
index_fill_(int dim, Tensor index, Scalar value)
index_put_(Tensor[] indices, Tensor values, bool accumulate=False)
int(*, MemoryFormat memory_format=preserve_format)
lerp_(Tensor end, Tensor weight)
lerp_(Tensor end, Scalar weight)
TensorBase.log10_()|noargs
TensorBase.log1p_()|noargs
TensorBase.log2_()|noargs
TensorBase.log_()|noargs
long(*, MemoryFormat memory_format=preserve_format)
masked_scatter_(Tensor mask, Tensor source)
TensorBase.rad2deg_()|noargs
masked_fill_(Tensor mask, Tensor value)
masked_fill_(Tensor mask, Scalar value)
max()
max(Tensor other)
max(int dim, bool keepdim=False)
min()
min(Tensor other)
min(int dim, bool keepdim=False)
mm(Tensor mat2)
TensorBase.msort()|noargs
mul_(Tensor other)
multiply(Tensor other)
multiply(Scalar other)
multiply_(Tensor other)
multiply_(Scalar other)
TensorBase.neg_()|noargs
TensorBase.negative_()|noargs
new_empty(SymInt[] size, *, {options})
new_full(SymInt[] size, Scalar fill_value, *, {options})
new_ones(SymInt[] size, *, {options})
new_tensor(PyObject data, *, ScalarType? dtype=None, Device? device=None,
    bool requires_grad=False)
new_zeros(SymInt[] size, *, {options})
nonzero()
nonzero(*, bool as_tuple)
def Tensor.norm(self, p='fro', dim=None, keepdim=False, dtype=None)
normal_(float mean=0, float std=1, *, Generator? generator=None)
pow_(Tensor exponent)
pow_(Scalar exponent)
TensorBase.reciprocal_()|noargs
def Tensor.register_hook(self, hook)
TensorBase.relu_()|noargs
repeat(SymInt[] repeats)
reshape_as(Tensor other)
round_()
round_(*, int decimals)
TensorBase.rsqrt_()|noargs
scatter_add_(int dim, Tensor index, Tensor src)
scatter_(int dim, Tensor index, Tensor src)
scatter_(int dim, Tensor index, Tensor src, *, str reduce)
scatter_(int dim, Tensor index, Scalar value)
scatter_(int dim, Tensor index, Scalar value, *, str reduce)
short(*, MemoryFormat memory_format=preserve_format)
TensorBase.sigmoid_()|noargs
TensorBase.sign_()|noargs
TensorBase.sin_()|noargs
TensorBase.sinh_()|noargs
sort(*, bool? stable, int dim=-1, bool descending=False)
sort(int dim=-1, bool descending=False)
def Tensor.split(self, split_size, dim=0)
def Tensor.unflatten(self, dim, sizes)
TensorBase.sqrt_()|noargs
TensorBase.square_()|noargs
squeeze_()
squeeze_(int dim)
squeeze_(int[] dim)
sub_(Tensor other, *, Scalar alpha=1)
sub_(Scalar alpha, Tensor other)|deprecated
subtract(Tensor other, *, Scalar alpha=1)
subtract(Scalar other, Scalar alpha=1)
subtract_(Tensor other, *, Scalar alpha=1)
subtract_(Scalar other, Scalar alpha=1)
TensorBase.storage_offset()|noargs
sum_to_size(SymInt[] size)
TensorBase.t_()|noargs
TensorBase.tan_()|noargs
TensorBase.tanh_()|noargs
tile(SymInt[] dims)
topk(SymInt k, int dim=-1, bool largest=True, bool sorted=True)
to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *,
    MemoryFormat memory_format=None)
to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat memory_format=None)
to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat memory_format=None)
transpose_(int dim0, int dim1)
true_divide(Tensor other)
true_divide(Scalar other)
TensorBase.trunc_()|noargs
TensorBase.frac_()|noargs
type(PyObject dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)
type(PyObject dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated
type_as(Tensor other)
uniform_(float from=0, float to=1, *, Generator? generator=None)
unsqueeze_(int dim)
view(ScalarType dtype)
view(int[] size)
view_as(Tensor other)
TensorBase.zero_()|noargs
def Tensor.backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None)
TensorBase.detach()|noargs
TensorBase.detach_()|noargs
TensorBase.dim()|noargs
TensorBase.data_ptr()|noargs
TensorBase.element_size()|noargs
TensorBase.get_device()|noargs
is_contiguous(*, MemoryFormat memory_format=contiguous_format)
TensorBase.is_floating_point()|noargs
TensorBase.is_inference()|noargs
TensorBase.item()|noargs
TensorBase.ndimension()|noargs
TensorBase.nelement()|noargs
numpy(*, bool force=False)
requires_grad_(bool mode=True)
TensorBase.retain_grad()|noargs
size(int? dim=None)
stride(int dim)
TensorBase.stride()|noargs
TensorBase.tolist()|noargs
"""

# C functions that PyTorch's Python functions call (torch._C._nn, torch._VF, torch.linalg)
NATIVE = """
unflatten(int dim, SymInt[] sizes)
_unique2(Tensor input, bool sorted=True, bool return_inverse=False, bool return_counts=False)
unique_consecutive(Tensor input, bool return_inverse=False, bool return_counts=False,
    int? dim=None)
unique_dim(Tensor input, int dim, bool sorted=True, bool return_inverse=False,
    bool return_counts=False)
binary_cross_entropy(Tensor input, Tensor target, Tensor? weight=None, int reduction=1)
binary_cross_entropy_with_logits(Tensor input, Tensor target, Tensor? weight=None,
    Tensor? pos_weight=None, int reduction=1)
cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, int reduction=1,
    SymInt ignore_index=-100, float label_smoothing=0.0)
nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, int reduction=1,
    SymInt ignore_index=-100)
smooth_l1_loss(Tensor input, Tensor target, int reduction=1, float beta=1.0)
huber_loss(Tensor input, Tensor target, int reduction=1, float delta=1.0)
dropout(Tensor input, float p, bool train)
embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False,
    bool sparse=False)
dropout_(Tensor input, float p, bool train)
hardtanh(Tensor input, Scalar min_val=-1, Scalar max_val=1)
hardtanh_(Tensor input, Scalar min_val=-1, Scalar max_val=1)
relu(Tensor input)
relu_(Tensor input)
relu6(Tensor input)
relu6_(Tensor input)
leaky_relu(Tensor input, Scalar negative_slope=0.01)
leaky_relu_(Tensor input, Scalar negative_slope=0.01)
elu(Tensor input, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1)
elu_(Tensor input, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1)
silu(Tensor input)
silu_(Tensor input)
pad(Tensor input, SymInt[] pad, str mode="constant", float? value=None)
split(Tensor input, SymInt split_size, int dim=0)
split(Tensor input, SymInt[] split_size, int dim=0)
split_with_sizes(Tensor input, SymInt[] split_sizes, int dim=0)
linalg_vector_norm(Tensor input, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *,
    ScalarType? dtype=None, Tensor out=None)
"""

# What the functions PyTorch writes in Python do with their arguments before a C function runs,
# in order, as far as it decides which error a call gets: read an attribute of an argument
# (`target.size`: anything but a tensor has none), compare two (`p < 0.0`), iterate one, call a
# NATIVE function (`dropout(input, p, training)`), a method (`input.softmax(dim)`) or another
# declared function (`torch.norm(...)`); `if ...` makes a step conditional. A comparison that
# holds stops the walk: the function raises its own error there.
BODIES = """
torch.norm: input.layout; linalg_vector_norm(input, 2, dim, keepdim, dtype=dtype) if p is None;
    linalg_vector_norm(input, 2, dim, keepdim, dtype=dtype) if p is a str;
    linalg_vector_norm(input, p, dim, keepdim, dtype=dtype) if p is not None and p is not a str
torch.split: tensor.split(split_size_or_sections, dim)
torch.autograd.grad: iter outputs if outputs is not a Tensor; iter inputs if inputs is not a Tensor
torch.autograd.backward: iter tensors if tensors is not a Tensor
Tensor.norm: torch.norm(self, p, dim, keepdim, dtype=dtype)
Tensor.split: split(self, split_size, dim) if split_size is an int;
    split_with_sizes(self, split_size, dim) if split_size is not an int
torch.nn.functional.binary_cross_entropy: target.size; input.size;
    weight.size if weight is not None; binary_cross_entropy(input, target, weight, 1)
torch.nn.functional.binary_cross_entropy_with_logits: target.size; input.size;
    binary_cross_entropy_with_logits(input, target, weight, pos_weight, 1)
torch.nn.functional.cross_entropy: cross_entropy_loss(input, target, weight, 1, ignore_index,
    label_smoothing)
torch.nn.functional.nll_loss: nll_loss_nd(input, target, weight, 1, ignore_index)
torch.nn.functional.mse_loss: target.size; input.size; weight.size if weight is not None
torch.nn.functional.l1_loss: target.size; input.size; weight.size if weight is not None
torch.nn.functional.smooth_l1_loss: target.size; input.size; smooth_l1_loss(input, target, 1, beta)
torch.nn.functional.huber_loss: target.size; input.size;
    huber_loss(input, target, 1, delta) if weight is None; weight.size if weight is not None
torch.nn.functional.dropout: p < 0.0; p > 1.0; dropout_(input, p, training) if inplace;
    dropout(input, p, training) if not inplace
torch.nn.functional.hardtanh: min_val > max_val; hardtanh_(input, min_val, max_val) if inplace;
    hardtanh(input, min_val, max_val) if not inplace
torch.nn.functional.relu: relu_(input) if inplace; relu(input) if not inplace
torch.nn.functional.relu6: relu6_(input) if inplace; relu6(input) if not inplace
torch.nn.functional.leaky_relu: leaky_relu_(input, negative_slope) if inplace;
    leaky_relu(input, negative_slope) if not inplace
torch.nn.functional.elu: elu_(input, alpha) if inplace; elu(input, alpha) if not inplace
torch.nn.functional.silu: silu_(input) if inplace; silu(input) if not inplace
torch.nn.functional.softmax: input.dim if dim is None; input.softmax(0, dtype=dtype) if dim is None;
    input.softmax(dim, dtype=dtype) if dim is not None
torch.nn.functional.log_softmax: input.dim if dim is None;
    input.log_softmax(0, dtype=dtype) if dim is None;
    input.log_softmax(dim, dtype=dtype) if dim is not None
torch.nn.functional.sigmoid: input.sigmoid()
torch.nn.functional.tanh: input.tanh()
torch.nn.functional.normalize: input.norm(p, dim, keepdim=True)
torch.nn.functional.pad: pad(input, pad, mode, value)
torch.nn.functional.embedding: padding_idx > 0 if padding_idx is not None;
    padding_idx < 0 if padding_idx is not None;
    embedding(weight, input, -1, scale_grad_by_freq, sparse) if padding_idx is None;
    embedding(weight, input, padding_idx, scale_grad_by_freq, sparse) if padding_idx is not None
"""

OPTIONS = ("ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
           "bool? pin_memory=False, bool? requires_grad=False")
SHEETS = {"torch": TORCH, "torch.nn.functional": FUNCTIONAL, "torch.autograd": AUTOGRAD,
          "Tensor": TENSOR, "native": NATIVE}
