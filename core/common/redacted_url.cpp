#include "core/common/redacted_url.h"

#include "core/common/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace vigil {
namespace {

constexpr std::string_view kHidden = "***";

struct Redaction {
    std::string text;
    std::vector<std::string> secrets; // the parts hidden, for redactedIn
};

bool isSchemeChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
}

// The scheme's length when text starts with `scheme:` (RFC 3986), else 0.
size_t schemeLength(std::string_view text)
{
    if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0])))
        return 0;
    size_t end = 1;
    while (end < text.size() && isSchemeChar(text[end]))
        ++end;
    return end < text.size() && text[end] == ':' ? end : 0;
}

bool isHostChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c))
        || std::string_view("-._~%!$&'()*+,;=").find(c) != std::string_view::npos;
}

// host[:port]: a name or address, or [IPv6], then digits only. Empty is allowed (udp://@:1234).
bool isHostAndPort(std::string_view text)
{
    size_t at = 0;
    if (!text.empty() && text[0] == '[') {
        const size_t close = text.find(']');
        if (close == std::string_view::npos)
            return false;
        for (char c : text.substr(1, close - 1))
            if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.')
                return false;
        at = close + 1;
    } else {
        while (at < text.size() && isHostChar(text[at]))
            ++at;
    }
    if (at == text.size())
        return true;
    if (text[at] != ':')
        return false;
    return std::all_of(text.begin() + static_cast<std::ptrdiff_t>(at) + 1, text.end(),
        [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// The name as the server reads it: %70assword is password, to%6Ben is token.
std::string decodedLowerName(std::string_view name)
{
    std::string decoded;
    for (size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        const int high = c == '%' && i + 2 < name.size() ? hexDigitValue(name[i + 1]) : -1;
        const int low = high >= 0 ? hexDigitValue(name[i + 2]) : -1;
        if (low >= 0) {
            c = static_cast<char>(high * 16 + low);
            i += 2;
        } else if (c == '+') {
            c = ' ';
        }
        decoded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return decoded;
}

bool isSecretName(std::string_view name)
{
    const std::string lower = decodedLowerName(name);
    constexpr std::array<std::string_view, 9> kWords
        = { "pass", "pwd", "token", "key", "secret", "auth", "sig", "cred", "session" };
    // Names too short to look for inside others ("pw" is in "upward"), secret when whole.
    constexpr std::array<std::string_view, 3> kWholeNames = { "pw", "pin", "sid" };
    return std::any_of(kWords.begin(), kWords.end(), [&lower](std::string_view word) {
        return lower.find(word) != std::string::npos;
    }) || std::find(kWholeNames.begin(), kWholeNames.end(), lower) != kWholeNames.end();
}

// The part before an '@' may be user:password: each is a secret of its own too.
void addUserSecrets(std::string_view userinfo, Redaction& out)
{
    out.secrets.emplace_back(userinfo);
    const size_t colon = userinfo.find(':');
    out.secrets.emplace_back(userinfo.substr(0, colon)); // the user
    if (colon == std::string_view::npos)
        return;
    const std::string_view password = userinfo.substr(colon + 1);
    out.secrets.emplace_back(password);
    // Its part before an unencoded '/', '?' or '#', as a message may cut it.
    out.secrets.emplace_back(password.substr(0, password.find_first_of("/?#")));
}

// Hides all of `rest`, and what looks like a user and a password in it wherever it appears.
void appendHidden(std::string_view rest, Redaction& out)
{
    out.text += kHidden;
    out.secrets.emplace_back(rest);
    const size_t at = rest.rfind('@');
    if (at == std::string_view::npos)
        return;
    std::string_view userinfo = rest.substr(0, at);
    while (!userinfo.empty() && userinfo.front() == '/')
        userinfo.remove_prefix(1); // http:/u:p@host
    addUserSecrets(userinfo, out);
}

// name=value pairs separated by '&' or ';'; a secret's value is hidden.
void appendParameters(std::string_view text, Redaction& out)
{
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find_first_of("&;", start), text.size());
        const std::string_view pair = text.substr(start, end - start);
        const size_t equals = pair.find('=');
        if (equals != std::string_view::npos && isSecretName(pair.substr(0, equals))) {
            out.text += pair.substr(0, equals + 1);
            out.text += kHidden;
            out.secrets.emplace_back(pair.substr(equals + 1));
        } else {
            out.text += pair;
        }
        if (end < text.size())
            out.text += text[end];
        start = end + 1;
    }
}

// The path, whose segments may carry parameters of their own (/live;jsessionid=...;pw=...).
void appendPath(std::string_view path, Redaction& out)
{
    size_t start = 0;
    while (start < path.size()) {
        const size_t end = std::min(path.find('/', start + 1), path.size());
        const std::string_view segment = path.substr(start, end - start);
        const size_t semicolon = segment.find(';');
        out.text += segment.substr(0, semicolon);
        if (semicolon != std::string_view::npos) {
            out.text += ';';
            appendParameters(segment.substr(semicolon + 1), out);
        }
        start = end;
    }
}

// What follows `scheme://`: [userinfo@]host[:port][/path][?query][#fragment].
void appendHierarchical(std::string_view rest, Redaction& out)
{
    const size_t authorityEnd = std::min(rest.find_first_of("/?#"), rest.size());
    // An '@' past the host: a password with an unencoded '/', '?' or '#', or a path that cannot
    // be told from one. Either way nothing of it can be shown safely.
    const size_t at = rest.rfind('@');
    if (at != std::string_view::npos && at >= authorityEnd)
        return appendHidden(rest, out);
    std::string_view authority = rest.substr(0, authorityEnd);
    if (at != std::string_view::npos) {
        addUserSecrets(authority.substr(0, at), out);
        authority.remove_prefix(at + 1);
    }
    if (!isHostAndPort(authority))
        return appendHidden(rest, out);
    if (at != std::string_view::npos)
        out.text += "***@";
    out.text += authority;
    const std::string_view tail = rest.substr(authorityEnd);
    const size_t fragmentAt = tail.find('#');
    const std::string_view head = tail.substr(0, fragmentAt);
    const size_t queryAt = head.find('?');
    appendPath(head.substr(0, queryAt), out);
    if (queryAt != std::string_view::npos) {
        out.text += '?';
        appendParameters(head.substr(queryAt + 1), out);
    }
    if (fragmentAt != std::string_view::npos) {
        out.text += '#';
        appendParameters(tail.substr(fragmentAt + 1), out);
    }
}

Redaction redaction(std::string_view url)
{
    const size_t scheme = schemeLength(url);
    if (scheme == 0)
        return { std::string(url), {} };
    const std::string_view rest = url.substr(scheme + 1);
    Redaction out { std::string(url.substr(0, scheme + 1)), {} };
    if (rest.substr(0, 2) == "//") {
        out.text += "//";
        appendHierarchical(rest.substr(2), out);
        return out;
    }
    // No authority: an opaque name (camera:0) stays; anything that could hold a user, a password
    // or a malformed network URL (http:/u:p@host) does not.
    if (rest.find_first_of("@:/?#") == std::string_view::npos)
        return { std::string(url), {} };
    appendHidden(rest, out);
    return out;
}

void replaceAll(std::string& text, std::string_view from, std::string_view to)
{
    if (from.empty())
        return;
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

} // namespace

std::string redactedUrl(std::string_view url)
{
    return redaction(url).text;
}

std::string redactedIn(std::string message, std::string_view location)
{
    const Redaction redacted = redaction(location);
    if (redacted.text == location)
        return message;
    replaceAll(message, location, redacted.text);
    // A secret also where a message names it alone; one of a few characters would hide
    // ordinary words, and the location itself is already replaced.
    constexpr size_t kShortest = 4;
    for (const std::string& secret : redacted.secrets)
        if (secret.size() >= kShortest)
            replaceAll(message, secret, kHidden);
    return message;
}

} // namespace vigil
